import { Permission } from '../../src/common/permissions/permission';
import type { TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aGamePlatformLink, type Player } from '../support/factories';
import { anApprovedPlayer, withCaller } from '../support/money';
import { anOrganisation, appWithAdministrator, hire, issueInvoice, treasury } from '../support/organisations';

describeEachBackend('organisations in the dossier and admission', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => ({ t, admin } = await appWithAdministrator(backend)));
  afterAll(() => t.close());

  it('admission lists the active character\'s memberships; the dossier every membership and the pending fines', async () => {
    const player = await anApprovedPlayer(t);
    const police = await anOrganisation(t, admin, { type: 'job' });
    const gang = await anOrganisation(t, admin, { type: 'faction' });
    expect((await hire(t, admin, police.organisationId, player.character.id, 1)).status).toBe(201);
    expect((await hire(t, admin, gang.organisationId, player.character.id, 0)).status).toBe(201);
    const link = await aGamePlatformLink(t, player.user);
    const staff = await anApprovedPlayer(t, Permission.USER | Permission.STAFF);
    const admission = await withCaller(t.http().get(`/v1/gameplatform/admission/${link.externalId}`), staff);
    expect(admission.status).toBe(200);
    expect(admission.body.memberships).toEqual([
      { organisationId: police.organisationId, name: police.name, type: 'job', grade: 1 },
      { organisationId: gang.organisationId, name: gang.name, type: 'faction', grade: 0 },
    ]);

    const fine = await issueInvoice(t, admin, { kind: 'fine', from: treasury(police.organisationId), to: { characterId: player.character.id }, amount: 90, reason: 'Ruido' });
    const bill = await issueInvoice(t, admin, { kind: 'invoice', from: treasury(gang.organisationId), to: { characterId: player.character.id }, amount: 10, reason: 'Cuota' });
    expect([fine.status, bill.status]).toEqual([201, 201]);
    const dossier = await t.http().get(`/v1/staff/users/${player.user.id}`).set('Cookie', staff.cookie);
    expect(dossier.status).toBe(200);
    expect(dossier.body.memberships).toEqual([
      { characterId: player.character.id, organisationId: police.organisationId, name: police.name, type: 'job', grade: 1 },
      { characterId: player.character.id, organisationId: gang.organisationId, name: gang.name, type: 'faction', grade: 0 },
    ]);
    expect(dossier.body.pendingFines).toEqual([fine.body]);

    const unlinked = await withCaller(t.http().get('/v1/gameplatform/admission/424242'), staff);
    expect(unlinked.body).toMatchObject({ reason: 'not_linked', memberships: [] });
  });
});
