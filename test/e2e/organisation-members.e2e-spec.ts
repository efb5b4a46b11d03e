import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { CharacterEntity } from '../../src/characters/character.entity';
import { WalletEntity } from '../../src/characters/wallet.entity';
import { Permission } from '../../src/common/permissions/permission';
import { UserEntity } from '../../src/users/user.entity';
import type { TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { ISO } from '../support/banks';
import { aCharacter, type Player } from '../support/factories';
import { aServiceKey, anApprovedPlayer } from '../support/money';
import { anOrganisation, appWithAdministrator, hire, removeMember, setGrade, storedGrades } from '../support/organisations';

/** Grades: 0 recruit, 1 sergeant (hire, fire, promote, …), 2 chief (boss). */
describeEachBackend('organisation members', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => ({ t, admin } = await appWithAdministrator(backend)));
  afterAll(() => t.close());

  /** A police job with a boss, a sergeant and a recruit, each a player acting through their active character. */
  async function aPolice() {
    const [boss, sergeant, recruit] = [await anApprovedPlayer(t), await anApprovedPlayer(t), await anApprovedPlayer(t)];
    const { organisationId } = await anOrganisation(t, admin, { bossCharacterId: boss.character.id });
    expect((await hire(t, boss, organisationId, sergeant.character.id, 1)).status).toBe(201);
    expect((await hire(t, sergeant, organisationId, recruit.character.id, 0)).status).toBe(201);
    return { organisationId, boss, sergeant, recruit };
  }

  async function anApprovedCharacterOf(player: Player): Promise<CharacterEntity> {
    const character = await aCharacter(t, player.user, { idStatus: 'approved' });
    await t.dataSource.getRepository(WalletEntity).insert({ characterId: character.id, balance: 0 });
    return character;
  }

  const actions = async (organisationId: string) =>
    (await t.dataSource.getRepository(AuditEventEntity).find({ where: { subjectId: organisationId }, order: { id: 'ASC' } })).map((e) => e.action);

  it('hires below the actor\'s grade, lists members to members and staff only', async () => {
    const { organisationId, boss, sergeant, recruit } = await aPolice();
    const listed = await t.http().get(`/v1/organisations/${organisationId}/members`).set('Cookie', recruit.cookie);
    expect(listed.status).toBe(200);
    expect(listed.body.members).toEqual([
      { organisationId, characterId: boss.character.id, userId: boss.user.id, grade: 2, joinedAt: expect.stringMatching(ISO) },
      { organisationId, characterId: sergeant.character.id, userId: sergeant.user.id, grade: 1, joinedAt: expect.stringMatching(ISO) },
      { organisationId, characterId: recruit.character.id, userId: recruit.user.id, grade: 0, joinedAt: expect.stringMatching(ISO) },
    ]);
    const outsider = await anApprovedPlayer(t);
    expect((await t.http().get(`/v1/organisations/${organisationId}/members`).set('Cookie', outsider.cookie)).status).toBe(403);
    const staff = await anApprovedPlayer(t, Permission.USER | Permission.STAFF);
    expect((await t.http().get(`/v1/organisations/${organisationId}/members`).set('Cookie', staff.cookie)).status).toBe(200);
    expect((await t.http().get(`/v1/organisations/${organisationId}`).set('Cookie', recruit.cookie)).body).toMatchObject({ memberCount: 3, treasury: null });
    expect((await t.http().get(`/v1/organisations/${organisationId}`).set('Cookie', sergeant.cookie)).body.treasury).toEqual({ balance: 0 });
    expect(await actions(organisationId)).toEqual(['organisation.created', 'organisation.member_hired', 'organisation.member_hired']);
  });

  it('refuses hiring at or above the actor\'s grade, without the right, or a non-member: 403, nothing changed', async () => {
    const { organisationId, boss, sergeant, recruit } = await aPolice();
    const newcomer = await anApprovedPlayer(t);
    const outsider = await anApprovedPlayer(t);
    for (const [actor, grade] of [[sergeant, 1], [sergeant, 2], [boss, 2], [recruit, 0], [outsider, 0]] as const) {
      const response = await hire(t, actor, organisationId, newcomer.character.id, grade);
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('Forbidden');
    }
    const noSuchGrade = await hire(t, boss, organisationId, newcomer.character.id, 3);
    expect(noSuchGrade.status).toBe(400);
    expect(noSuchGrade.body.details[0].field).toBe('grade');
    for (const body of [{ characterId: newcomer.character.id, grade: -1 }, { characterId: newcomer.character.id, grade: 'x' }, { characterId: 5, grade: 0 }, { characterId: newcomer.character.id, grade: 0, extra: 1 }]) {
      const response = await t.http().post(`/v1/organisations/${organisationId}/members`).set('Cookie', boss.cookie).send(body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Invalid form of body');
    }
    expect(Object.keys(await storedGrades(t, organisationId))).toHaveLength(3);
  });

  it('refuses an unapproved or ended character, a member, a second job and a sixth membership: 409, nothing changed', async () => {
    const { organisationId, boss, recruit } = await aPolice();
    const player = await anApprovedPlayer(t);
    const draft = await aCharacter(t, player.user);
    const deceased = await aCharacter(t, player.user, { idStatus: 'deceased' });
    for (const characterId of [draft.id, deceased.id]) {
      expect((await hire(t, boss, organisationId, characterId, 0)).body).toEqual({ error: 'Character Not Approved' });
    }
    expect((await hire(t, boss, organisationId, '4242', 0)).body).toEqual({ error: 'Unknown Character' });
    const twice = await hire(t, boss, organisationId, recruit.character.id, 0);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: 'Already Member' });
    const otherJob = await anOrganisation(t, admin, { type: 'job' });
    const secondJob = await hire(t, admin, otherJob.organisationId, recruit.character.id, 0);
    expect(secondJob.status).toBe(409);
    expect(secondJob.body).toEqual({ error: 'Membership Limit' });
    for (let i = 0; i < 4; i++) {
      const faction = await anOrganisation(t, admin, { type: i % 2 ? 'faction' : 'business' });
      expect((await hire(t, admin, faction.organisationId, recruit.character.id, 0)).status).toBe(201);
    }
    const sixth = await anOrganisation(t, admin, { type: 'faction' });
    const refused = await hire(t, admin, sixth.organisationId, recruit.character.id, 0);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'Membership Limit' });
    expect(await storedGrades(t, sixth.organisationId)).toEqual({});
    expect(await storedGrades(t, otherJob.organisationId)).toEqual({});
  });

  it('promotes only members strictly below, to grades strictly below the actor\'s', async () => {
    const { organisationId, boss, sergeant, recruit } = await aPolice();
    const second = await anApprovedPlayer(t);
    expect((await hire(t, boss, organisationId, second.character.id, 1)).status).toBe(201);
    for (const [actor, target, grade] of [
      [sergeant, recruit, 1],
      [sergeant, second, 0],
      [recruit, recruit, 0],
      [boss, boss, 1],
    ] as const) {
      const response = await setGrade(t, actor, organisationId, target.character.id, grade);
      expect(response.status).toBe(403);
    }
    const promoted = await setGrade(t, boss, organisationId, recruit.character.id, 1);
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ characterId: recruit.character.id, grade: 1 });
    expect((await setGrade(t, boss, organisationId, '77', 0)).body).toEqual({ error: 'Unknown Member' });
    expect((await setGrade(t, boss, organisationId, recruit.character.id, 5)).status).toBe(400);
    expect(await storedGrades(t, organisationId)).toMatchObject({ [recruit.character.id]: 1, [second.character.id]: 1, [sergeant.character.id]: 1 });
    const event = await t.dataSource.getRepository(AuditEventEntity).findOneByOrFail({ subjectId: organisationId, action: 'organisation.member_promoted' });
    expect(JSON.parse(event.data)).toEqual({ characterId: recruit.character.id, before: 0, after: 1 });
  });

  it('fires only members strictly below; anyone leaves; the last boss cannot, except through an administrator', async () => {
    const { organisationId, boss, sergeant, recruit } = await aPolice();
    expect((await removeMember(t, recruit, organisationId, sergeant.character.id)).status).toBe(403);
    expect((await removeMember(t, sergeant, organisationId, boss.character.id)).status).toBe(403);
    expect((await removeMember(t, sergeant, organisationId, recruit.character.id)).status).toBe(204);
    const lastBoss = await removeMember(t, boss, organisationId, boss.character.id);
    expect(lastBoss.status).toBe(409);
    expect(lastBoss.body).toEqual({ error: 'Last Boss' });
    expect((await removeMember(t, sergeant, organisationId, sergeant.character.id)).status).toBe(204);
    expect(await storedGrades(t, organisationId)).toEqual({ [boss.character.id]: 2 });
    expect((await removeMember(t, admin, organisationId, boss.character.id)).status).toBe(204);
    expect(await storedGrades(t, organisationId)).toEqual({});
    expect(await actions(organisationId)).toEqual([
      'organisation.created',
      'organisation.member_hired',
      'organisation.member_hired',
      'organisation.member_fired',
      'organisation.member_left',
      'organisation.member_fired',
    ]);
  });

  it('a second boss lets the first leave; a user acts only through the active character', async () => {
    const { organisationId, boss } = await aPolice();
    const deputy = await anApprovedPlayer(t);
    expect((await hire(t, admin, organisationId, deputy.character.id, 2)).status).toBe(201);
    const other = await anApprovedCharacterOf(boss);
    expect((await hire(t, admin, organisationId, other.id, 0)).status).toBe(201);
    await t.dataSource.getRepository(UserEntity).update({ id: boss.user.id }, { activeCharacterId: other.id });
    await t.rowsChanged(boss.user.id);
    const newcomer = await anApprovedPlayer(t);
    expect((await hire(t, boss, organisationId, newcomer.character.id, 0)).status).toBe(403);
    expect((await removeMember(t, boss, organisationId, boss.character.id)).status).toBe(204);
    expect(await storedGrades(t, organisationId)).toMatchObject({ [deputy.character.id]: 2, [other.id]: 0 });
  });

  it('a key holding SERVICE_ADMINISTRATOR does everything; 404 before 403 for an unknown organisation', async () => {
    const { organisationId, boss } = await aPolice();
    const serviceAdmin = await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
    const key = await aServiceKey(t, serviceAdmin, Permission.SERVICE_ADMINISTRATOR);
    expect((await removeMember(t, { key }, organisationId, boss.character.id)).status).toBe(204);
    const outsider = await anApprovedPlayer(t);
    const unknown = await hire(t, outsider, '999', outsider.character.id, 0);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Unknown Organisation' });
    expect((await t.http().delete(`/v1/organisations/${organisationId}/members/${boss.character.id}`)).status).toBe(401);
  });
});
