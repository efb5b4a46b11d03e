import type { Browser, Page } from 'playwright-core';
import { CharacterEntity } from '../../src/characters/character.entity';
import { SanctionEntity } from '../../src/moderation/sanction.entity';
import { StaffNoteEntity } from '../../src/moderation/staff-note.entity';
import { createTestApp, type TestApp } from '../support/app';
import { aUser } from '../support/factories';
import { aPendingCharacter } from '../support/review-fixtures';
import { aChatPlayer } from '../support/staff';
import { aWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { describeInChromium, launchChromium } from './chromium';
import { lifelikeAssets } from './console-fixtures';
import { type ConsoleUser, focused, grant, openConsole, screenshot, seriousViolations, signIn, tabTo } from './console-driver';

/**
 * The staff console in Debian's Chromium against the real service (decisions §16): each role's
 * main path, axe-core on every screen it passes, one path by keyboard alone, and the
 * screenshots of docs/staff.md (docs/console/) from the SQLite run.
 */
/** A path is a dozen page loads and axe runs: seconds each on an idle machine, far more on a shared one. */
jest.setTimeout(180_000);

describeInChromium('staff console in the browser', (backend) => {
  let t: TestApp;
  let browser: Browser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await aWebhookReceiver();
    t = await createTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '200' } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  /** Runs a path in a browser of its own, then checks that no script failed and nothing broke the CSP. */
  async function inConsole(options: { locale?: string; width?: number }, path: (page: Page) => Promise<void>): Promise<void> {
    const { context, page, problems } = await openConsole(browser, t, options);
    try {
      await path(page);
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }

  // The markup is the backend's to fill, not to shape: axe runs where the screenshots are taken.
  const accessible = async (page: Page) => {
    if (backend.name === 'sqlite') expect(await seriousViolations(page)).toEqual([]);
  };
  const heading = (page: Page) => page.getByRole('heading', { level: 1 });

  it('tells a signed-in user without a staff bit plainly, in the browser’s language or the one they choose', async () => {
    const player: ConsoleUser = { username: 'pablo', id: '920000000000000001' };
    await inConsole({ locale: 'en-GB' }, async (page) => {
      await page.goto('/console/');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
      await screenshot(page, t, 'sign-in');
      await accessible(page);
      await signIn(page, player);
      await page.getByRole('heading', { name: 'Sin permisos de equipo' }).waitFor();
      expect(await page.getByText('Has iniciado sesión como pablo').count()).toBe(1);
      await accessible(page);
      await screenshot(page, t, 'no-staff-permission');
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
      await page.reload();
      await page.getByRole('heading', { name: 'No staff permission' }).waitFor();
    });
  });

  it('lets a reviewer approve two characters, reject one with a reason and retire one', async () => {
    const reviewer: ConsoleUser = { username: 'rita', id: '920000000000000002' };
    const owner = await aUser(t);
    const applicants: Partial<CharacterEntity>[] = [
      { firstNames: 'Lucía', lastNames: 'Fernández Ruiz', gender: 'Femenino', age: 28, height: 165, bloodType: 'A+', nationality: 'ESP', dob: '1997-03-08' },
      { firstNames: 'Mateo', lastNames: 'Sánchez Gil', gender: 'Masculino', age: 34, height: 181, bloodType: 'O-', nationality: 'MEX', dob: '1991-10-21' },
      { firstNames: 'Iker', lastNames: 'Domínguez Sola', gender: 'Masculino', age: 22, height: 174, bloodType: 'B+', nationality: 'ARG', dob: '2003-06-02' },
    ];
    const characters: CharacterEntity[] = [];
    for (const applicant of applicants) {
      characters.push(await aPendingCharacter(t, owner, { ...(await lifelikeAssets(t, applicant.firstNames!)), ...applicant }));
    }

    await inConsole({}, async (page) => {
      await signIn(page, reviewer);
      await grant(t, reviewer, 'MODERATOR_CHIEF');
      await page.reload();
      await page.getByRole('link', { name: 'Cola de revisión' }).first().click();
      await page.getByText('3 personajes pendientes de revisión.').waitFor();
      await page.getByRole('img', { name: 'Busto de Lucía Fernández Ruiz' }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'review-queue');

      await page.getByLabel('Seleccionar a Lucía Fernández Ruiz').check();
      await page.getByLabel('Seleccionar a Mateo Sánchez Gil').check();
      await page.getByRole('button', { name: 'Aprobar (2)' }).click();
      const approve = page.getByRole('dialog', { name: 'Aprobar 2 personajes' });
      await accessible(page);
      await approve.getByRole('button', { name: 'Aprobar' }).click();
      await page.getByText('2 personajes aprobados.').waitFor();

      await page.getByLabel('Seleccionar a Iker Domínguez Sola').check();
      await page.getByRole('button', { name: 'Rechazar (1)' }).click();
      const reject = page.getByRole('dialog', { name: 'Rechazar 1 personaje' });
      await reject.getByLabel(/Motivo del rechazo/).fill('La firma no se lee.');
      await reject.getByRole('button', { name: 'Rechazar' }).click();
      await page.getByText('1 personaje rechazado.').waitFor();
      await page.getByText('No hay personajes pendientes').waitFor();

      await page.goto(`/console/users/${owner.id}/characters/${characters[0].id}`);
      await page.getByRole('img', { name: 'Documento de identidad de Lucía Fernández Ruiz' }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'character');
      await page.getByRole('button', { name: 'Retirar' }).click();
      const retire = page.getByRole('dialog', { name: 'Retirar a Lucía Fernández Ruiz' });
      await retire.getByLabel('Motivo').fill('La jugadora deja el servidor.');
      await retire.getByRole('button', { name: 'Retirar' }).click();
      await page.getByText('Retirado', { exact: true }).waitFor();

      // 360 px wide: the sections move behind the menu button.
      await page.setViewportSize({ width: 360, height: 800 });
      await page.getByRole('button', { name: 'Menú' }).click();
      await page.getByRole('link', { name: 'Cola de revisión' }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'character-360px');
    });

    const stored = await t.dataSource.getRepository(CharacterEntity).findBy(characters.map(({ id }) => ({ id })));
    const byId = new Map(stored.map((character) => [character.id, character]));
    expect(characters.map(({ id }) => [byId.get(id)!.idStatus, byId.get(id)!.reviewNote])).toEqual([
      ['retired', null],
      ['approved', null],
      ['draft', 'La firma no se lee.'],
    ]);
  });

  it('lets a moderator, by keyboard alone, find a user by chat id, suspend them, lift it and pin a note', async () => {
    const moderator: ConsoleUser = { username: 'monica', id: '920000000000000003' };
    const player = await aChatPlayer(t, { username: 'marta_rp', id: '930000000000000077', displayName: 'Marta' }, '93000077');

    await inConsole({}, async (page) => {
      await signIn(page, moderator);
      await grant(t, moderator, 'MODERATOR_CHIEF');
      await page.reload();
      await heading(page).waitFor();

      await tabTo(page, /^Usuarios$/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Usuarios', level: 1 }).waitFor();
      expect(await focused(page)).toBe('Usuarios');
      await tabTo(page, /^Nombre, id de usuario/);
      await page.keyboard.type('930000000000000077');
      await page.keyboard.press('Enter');
      await page.getByRole('link', { name: 'marta_rp' }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'user-search');
      await tabTo(page, /^marta_rp$/);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Expediente de marta_rp' }).waitFor();

      await tabTo(page, /^Sancionar/);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Sancionar a marta_rp' }).waitFor();
      expect(await focused(page)).toBe('Advertencia');
      await page.keyboard.press('ArrowRight');
      expect(await focused(page)).toBe('Suspensión');
      await tabTo(page, /^Motivo \(lo ve el usuario\)$/);
      await page.keyboard.type('Insultos en el chat general.');
      await accessible(page);
      await tabTo(page, /^Emitir sanción$/);
      await page.keyboard.press('Enter');
      await page.getByText('Suspensión emitida.').waitFor();
      expect(await focused(page)).toBe('Sancionar…');

      await tabTo(page, /^Revocar…$/);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: /Revocar la sanción/ }).waitFor();
      expect(await focused(page)).toBe('Motivo de la revocación');
      await page.keyboard.type('Se disculpó.');
      await tabTo(page, /^Revocar$/);
      await page.keyboard.press('Enter');
      await page.getByText('Sanción revocada. El registro se conserva.').waitFor();

      await tabTo(page, /^Nueva nota$/);
      await page.keyboard.type('Vigilar los próximos eventos.');
      await tabTo(page, /^Añadir nota$/);
      await page.keyboard.press('Enter');
      await page.getByText('Nota añadida.').waitFor();
      await tabTo(page, /^Fijada$/);
      await page.keyboard.press('Space');
      await page.getByText('Nota fijada arriba.').waitFor();
      await accessible(page);
      await screenshot(page, t, 'dossier');

      await page.goto('/console/webhooks');
      await page.getByText('Hace falta uno de estos permisos: Administración.').waitFor();
      await accessible(page);
    });

    const sanctions = await t.dataSource.getRepository(SanctionEntity).findBy({ userId: player.userId });
    expect(sanctions.map((sanction) => [sanction.type, sanction.revokeReason])).toEqual([['suspension', 'Se disculpó.']]);
    const notes = await t.dataSource.getRepository(StaffNoteEntity).findBy({ userId: player.userId });
    expect(notes.map((note) => [note.body, Boolean(note.pinned)])).toEqual([['Vigilar los próximos eventos.', true]]);
  });

  it('lets an administrator create a webhook, send it a test, see the delivery and filter the audit log', async () => {
    const admin: ConsoleUser = { username: 'alba', id: '920000000000000004' };
    await inConsole({}, async (page) => {
      await signIn(page, admin);
      await grant(t, admin, 'ADMINISTRATOR');
      await page.reload();
      await page.getByRole('link', { name: 'Webhooks' }).first().click();
      await page.getByText('Todavía no hay webhooks.').waitFor();
      await page.getByLabel('Dirección (https)').fill(receiver.url);
      await page.getByLabel('Descripción').fill('Registro del servidor de pruebas');
      await page.getByRole('button', { name: 'Crear webhook' }).click();
      const created = page.getByRole('region', { name: 'Webhook creado' });
      expect(await created.getByLabel('Secreto de firma').inputValue()).toMatch(/^whsec_/);
      await accessible(page);
      await screenshot(page, t, 'webhooks');
      await created.getByRole('button', { name: 'Enviar prueba' }).click();
      await created.getByText('Prueba enviada').waitFor();
      await created.getByRole('link', { name: 'Ver entregas' }).click();
      await page.getByRole('heading', { name: 'Entregas del webhook' }).waitFor();
      await page.getByRole('listitem').filter({ hasText: 'Prueba' }).getByText('Entregada', { exact: true }).waitFor();
      await accessible(page);
      await screenshot(page, t, 'deliveries');

      await page.getByRole('link', { name: 'Registro de cambios' }).click();
      await page.getByText(/creó el webhook/).waitFor();
      await accessible(page);
      await screenshot(page, t, 'audit-log');
      await page.getByLabel('Acción').selectOption('user.*');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.waitForURL(/action=user\.\*/);
      await page.getByText(/cambió los permisos de alba/).waitFor();
      expect(await page.getByText(/creó el webhook/).count()).toBe(0);
    });
    const actions = (await receiver.waitFor(2)).map((received) => JSON.parse(received.body).action);
    expect(actions).toEqual(expect.arrayContaining(['webhook.created', 'webhook.test']));
  });

  it('shows an administrator their keys once, when to retry after a 429, and the rest of the screens, each clean for axe', async () => {
    const admin: ConsoleUser = { username: 'bea', id: '920000000000000005' };
    await inConsole({ locale: 'en-US' }, async (page) => {
      await signIn(page, admin, 'Sign in with the chat');
      await grant(t, admin, 'ADMINISTRATOR');
      await page.reload();
      await page.getByRole('heading', { name: 'Hello, bea' }).waitFor();
      await accessible(page);

      await page.getByRole('link', { name: 'Service keys' }).first().click();
      await page.getByText('No keys yet.').waitFor();
      await page.getByLabel('Name (what it is for)').fill('main-server');
      await page.getByRole('button', { name: 'Create key' }).click();
      const created = page.getByRole('region', { name: 'Key “main-server” created' });
      expect(await created.getByLabel('Key').inputValue()).toMatch(/^rpk_/);
      await accessible(page);
      await screenshot(page, t, 'service-keys');
      await page.getByRole('listitem').filter({ hasText: 'main-server' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('dialog', { name: 'Revoke the key “main-server”?' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('Key “main-server” revoked.').waitFor();
      await page.getByText('No keys yet.').waitFor();

      // A rate-limited answer, as the API sends it, says when to try again.
      await page.route('**/v1/staff/characters?**', (route) =>
        route.fulfill({ status: 429, headers: { 'Retry-After': '42' }, json: { error: 'Too Many Requests', code: 'RATE_LIMITED' } }),
      );
      await page.getByRole('link', { name: 'Characters' }).first().click();
      await page.getByRole('alert').getByText(/Too many requests in a row\. You can try again in 42 s/).waitFor();
      await accessible(page);
      await page.unroute('**/v1/staff/characters?**');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Results' }).waitFor();
      await page.getByText(/No character matches|Fernández/).first().waitFor();
      await accessible(page);
      await page.goto('/console/no/such/screen');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await accessible(page);
    });
  });
});
