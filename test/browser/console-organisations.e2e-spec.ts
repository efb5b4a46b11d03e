import { ProviderLinkEntity } from '../../src/auth/provider-link.entity';
import { CharacterEntity } from '../../src/characters/character.entity';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { MemberEntity } from '../../src/organisations/member.entity';
import { OrganisationEntity } from '../../src/organisations/organisation.entity';
import { UserEntity } from '../../src/users/user.entity';
import type { TestApp } from '../support/app';
import { aCharacter, aUser } from '../support/factories';
import { anApprovedPlayer, EXTERNAL, transfer } from '../support/money';
import { anOrganisation, hire, issueInvoice, treasury } from '../support/organisations';
import { describeInChromium } from './chromium';
import { aConsoleBed, type ConsoleUser, focused, grant, screenshot, signIn, tabTo } from './console-driver';

/** The organisations in the console (decisions §14, §16): an administrator's path and a member's view. */
jest.setTimeout(180_000);

describeInChromium('staff console: organisations', (backend) => {
  const bed = aConsoleBed(backend);
  const { inConsole, accessible } = bed;
  let t: TestApp;
  beforeAll(() => {
    t = bed.t;
  });

  /** An approved character with its wallet, active for its owner when asked. */
  async function anApprovedCharacter(user: Pick<UserEntity, 'id'>, names: Partial<CharacterEntity>, active = false): Promise<CharacterEntity> {
    const character = await aCharacter(t, user, { idStatus: 'approved', ...names });
    await t.dataSource.getRepository(WalletEntity).insert({ characterId: character.id, balance: 0 });
    if (active) {
      await t.dataSource.getRepository(UserEntity).update({ id: user.id }, { activeCharacterId: character.id });
      await t.rowsChanged(user.id);
    }
    return character;
  }

  it('lets an administrator create an organisation with its grades, hire a character and change its grade', async () => {
    const admin: ConsoleUser = { username: 'olga', id: '920000000000000011' };
    const recruitOwner = await aUser(t);
    const recruit = await anApprovedCharacter(recruitOwner, { firstNames: 'Tomás', lastNames: 'Herrera Vidal' });
    const treasurer = await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR);

    await inConsole({}, async (page) => {
      await signIn(page, admin);
      await grant(t, admin, 'ADMINISTRATOR');
      await page.reload();
      await page.getByRole('link', { name: 'Organizaciones' }).first().click();
      await page.getByText('Todavía no hay organizaciones.').waitFor();
      await accessible(page);

      await page.getByRole('button', { name: 'Crear una organización…' }).click();
      await page.getByLabel('Nombre', { exact: true }).fill('Policía de Los Santos');
      await page.getByLabel('Tipo', { exact: true }).first().selectOption('job');
      const grades = page.getByRole('group', { name: /^Grado \d/ });
      await grades.nth(0).getByLabel('Nombre del grado').fill('Agente');
      await grades.nth(0).getByLabel('Salario').fill('500');
      await page.getByRole('button', { name: 'Añadir un grado encima' }).click();
      await grades.nth(1).getByLabel('Nombre del grado').fill('Sargento');
      await grades.nth(1).getByLabel('Salario').fill('800');
      await grades.nth(1).getByLabel('Contratar').check();
      await grades.nth(1).getByLabel('Ver la tesorería').check();
      await grades.nth(2).getByLabel('Nombre del grado').fill('Comisario');
      await grades.nth(2).getByLabel('Salario').fill('1200');
      await accessible(page);
      await screenshot(page, t, 'organisation-new');
      await page.getByRole('button', { name: 'Crear organización' }).click();

      await page.getByRole('heading', { name: 'Policía de Los Santos', level: 1 }).waitFor();
      await page.getByText('No tiene miembros.').waitFor();
      await page.getByText('La tesorería no tiene movimientos todavía.').waitFor();
      const organisationId = page.url().split('/').at(-1)!;
      const budget = { from: EXTERNAL, to: treasury(organisationId), amount: 5000, memo: 'Presupuesto inicial' };
      expect((await transfer(t, treasurer, budget)).status).toBe(201);
      await page.reload();
      await page.getByRole('listitem').filter({ hasText: 'Presupuesto inicial' }).getByText('+5000 $').waitFor();
      await page.getByLabel('Id del personaje que entra').fill(recruit.id);
      await page.getByLabel('Grado', { exact: true }).selectOption({ label: '0 · Agente' });
      await page.getByRole('button', { name: 'Contratar', exact: true }).click();
      await page.getByText('Personaje contratado.').waitFor();
      await page.getByRole('link', { name: 'Tomás Herrera Vidal' }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'organisation');

      // By keyboard alone: the dialog opens on the new grade, one step up.
      await tabTo(page, /^Cambiar grado…$/);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Cambiar el grado de Tomás Herrera Vidal' });
      await dialog.waitFor();
      expect(await focused(page)).toBe('Nuevo grado');
      expect(await dialog.getByLabel('Nuevo grado').inputValue()).toBe('1');
      await accessible(page);
      await tabTo(page, /^Cambiar grado$/);
      await page.keyboard.press('Enter');
      await page.getByText('Grado cambiado.').waitFor();
      expect(await focused(page)).toBe('Cambiar grado…');

      // A fine of the organisation: in its invoices (filtered) and in the billed player's dossier.
      const fine = { kind: 'fine', from: treasury(organisationId), to: { characterId: recruit.id }, amount: 300, reason: 'Exceso de velocidad' };
      expect((await issueInvoice(t, treasurer, fine)).status).toBe(201);
      await page.getByRole('link', { name: 'Sus facturas y multas' }).click();
      await page.getByRole('heading', { name: 'Facturas y multas', level: 1 }).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Exceso de velocidad' }).getByText('Pendiente', { exact: true }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'invoices');
      await page.getByLabel('Clase').selectOption('invoice');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByText('Ninguna factura ni multa coincide.').waitFor();
      await page.goto(`/console/users/${recruitOwner.id}`);
      await page.getByRole('region', { name: 'Organizaciones y multas' }).getByRole('link', { name: 'Policía de Los Santos' }).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Exceso de velocidad' }).getByText(/a Tomás Herrera Vidal/).waitFor();
      await accessible(page);
      await page.goto(`/console/organisations/${organisationId}`);

      await page.setViewportSize({ width: 360, height: 800 });
      await page.getByRole('link', { name: 'Tomás Herrera Vidal' }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'organisation-360px');
      await page.goto('/console/organisations?type=faction');
      await page.getByText('No hay organizaciones de ese tipo.').waitFor();
      await page.goto('/console/organisations?type=job');
      await page.getByRole('link', { name: 'Policía de Los Santos' }).waitFor();
      await accessible(page);
    });

    const organisation = await t.dataSource.getRepository(OrganisationEntity).findOneByOrFail({ name: 'Policía de Los Santos' });
    expect(organisation.type).toBe('job');
    const members = await t.dataSource.getRepository(MemberEntity).findBy({ organisationId: organisation.id });
    expect(members.map(({ characterId, grade }) => ({ characterId, grade }))).toEqual([{ characterId: recruit.id, grade: 1 }]);
  });

  it('shows a member without rights the grades and members, the treasury hidden and no action; another organisation’s members refused; a 429 with when to retry', async () => {
    const member: ConsoleUser = { username: 'nico', id: '920000000000000012' };
    const admin = await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR);
    const { organisationId } = await anOrganisation(t, admin, { type: 'business', bossCharacterId: admin.character.id });

    await inConsole({ locale: 'en-GB' }, async (page) => {
      await signIn(page, member, 'Sign in with the chat');
      // A developer holds a staff bit but is no staff of §14: only their membership counts here.
      await grant(t, member, 'DEVELOPER');
      const { userId } = await t.dataSource.getRepository(ProviderLinkEntity).findOneByOrFail({ providerName: 'chatapp', externalId: member.id });
      const character = await anApprovedCharacter({ id: userId }, { firstNames: 'Nicolás', lastNames: 'Prieto Gómez' }, true);
      expect((await hire(t, admin, organisationId, character.id, 0)).status).toBe(201);

      await page.goto(`/console/organisations/${organisationId}`);
      await page.getByRole('link', { name: 'Nicolás Prieto Gómez' }).waitFor();
      await page.getByText('Hidden', { exact: true }).waitFor();
      await page.getByText('Only staff and members holding “See the treasury” see it.').waitFor();
      expect(await page.getByRole('button').filter({ hasText: /Hire|Fire|Change/ }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Treasury movements' }).count()).toBe(0);
      await accessible(page);
      await screenshot(page, t, 'organisation-member');

      // Another organisation: its members are refused (the API's 403), the console says who sees them.
      const other = await anOrganisation(t, admin, { type: 'faction' });
      await page.goto(`/console/organisations/${other.organisationId}`);
      await page.getByRole('alert').getByText('Staff and members (through their active character) see the members.').waitFor();
      await accessible(page);

      // A rate-limited list says when to try again, and trying again works.
      await page.route('**/v1/organisations?**', (route) =>
        route.fulfill({ status: 429, headers: { 'Retry-After': '30' }, json: { error: 'Too Many Requests', code: 'RATE_LIMITED' } }),
      );
      await page.getByRole('link', { name: 'Organisations' }).first().click();
      await page.getByRole('alert').getByText(/You can try again in 30 s/).waitFor();
      await page.unroute('**/v1/organisations?**');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('link', { name: other.name as string }).waitFor();
    });
  });
});
