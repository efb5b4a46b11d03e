import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { CharacterEntity } from '../../src/characters/character.entity';
import { Permission } from '../../src/common/permissions/permission';
import { GradeEntity } from '../../src/organisations/grade.entity';
import { OrganisationEntity } from '../../src/organisations/organisation.entity';
import type { TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { ISO, SNOWFLAKE } from '../support/banks';
import { aCharacter, type Player } from '../support/factories';
import { aServiceKey, anApprovedPlayer } from '../support/money';
import { anOrganisation, anOrganisationName, appWithAdministrator, createOrganisation, POLICE_GRADES, storedGrades } from '../support/organisations';

const ALL_RIGHTS = ['hire', 'fire', 'promote', 'withdraw', 'view_treasury', 'issue_invoices', 'issue_fines'];

describeEachBackend('organisations', (backend) => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => ({ t, admin } = await appWithAdministrator(backend)));
  afterAll(() => t.close());

  const organisationRows = () => t.dataSource.getRepository(OrganisationEntity).count();

  it('an administrator creates one with its grades and boss; the boss sees the treasury, others see null', async () => {
    const boss = await anApprovedPlayer(t);
    const name = anOrganisationName();
    const created = await createOrganisation(t, admin, { name, type: 'job', grades: POLICE_GRADES, bossCharacterId: boss.character.id });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      organisationId: expect.stringMatching(SNOWFLAKE),
      name,
      type: 'job',
      iconHash: null,
      treasury: { balance: 0 },
      grades: [
        { grade: 0, name: 'Recluta', salary: 100, rights: [] },
        { grade: 1, name: 'Sargento', salary: 200, rights: ['hire', 'fire', 'promote', 'view_treasury', 'issue_fines'] },
        { grade: 2, name: 'Jefe', salary: 300, rights: ALL_RIGHTS },
      ],
      memberCount: 1,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    const id = created.body.organisationId;
    expect(await storedGrades(t, id)).toEqual({ [boss.character.id]: 2 });
    expect((await t.http().get(`/v1/organisations/${id}`).set('Cookie', boss.cookie)).body.treasury).toEqual({ balance: 0 });
    const outsider = await anApprovedPlayer(t);
    const seen = await t.http().get(`/v1/organisations/${id}`).set('Cookie', outsider.cookie);
    expect(seen.status).toBe(200);
    expect(seen.body.treasury).toBeNull();
    const staff = await anApprovedPlayer(t, Permission.USER | Permission.STAFF);
    expect((await t.http().get(`/v1/organisations/${id}`).set('Cookie', staff.cookie)).body.treasury).toEqual({ balance: 0 });
    const events = await t.dataSource.getRepository(AuditEventEntity).findBy({ subjectType: 'organisation', subjectId: id });
    expect(events.map((event) => event.action)).toEqual(['organisation.created']);
  });

  it('refuses a second organisation of the same name ignoring case, and callers without the right', async () => {
    const name = anOrganisationName('Mecánicos');
    expect((await createOrganisation(t, admin, { name, type: 'business', grades: POLICE_GRADES })).status).toBe(201);
    const before = await organisationRows();
    const again = await createOrganisation(t, admin, { name: name.toUpperCase(), type: 'business', grades: POLICE_GRADES });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Duplicate Organisation' });
    const player = await anApprovedPlayer(t);
    const refused = await createOrganisation(t, player, { name: anOrganisationName(), type: 'job', grades: POLICE_GRADES });
    expect(refused.status).toBe(403);
    const serviceAdmin = await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR | Permission.SERVICE_ADMINISTRATOR);
    const key = await aServiceKey(t, serviceAdmin, Permission.SERVICE_ADMINISTRATOR);
    expect((await createOrganisation(t, { key }, { name: anOrganisationName(), type: 'faction', grades: POLICE_GRADES })).status).toBe(201);
    expect(await organisationRows()).toBe(before + 1);
  });

  it.each([
    ['an unknown field', { extra: 1 }],
    ['no grades', { grades: [] }],
    ['21 grades', { grades: Array.from({ length: 21 }, () => ({ name: 'G', salary: 0, rights: [] })) }],
    ['a negative salary', { grades: [{ name: 'G', salary: -1, rights: [] }] }],
    ['a salary above 10^9', { grades: [{ name: 'G', salary: 1_000_000_001, rights: [] }] }],
    ['a fractional salary', { grades: [{ name: 'G', salary: 1.5, rights: [] }] }],
    ['an unknown right', { grades: [{ name: 'G', salary: 0, rights: ['launder'] }] }],
    ['a grade name of 33 characters', { grades: [{ name: 'x'.repeat(33), salary: 0, rights: [] }] }],
    ['a name with a control character', { name: 'Policía\u0007' }],
    ['an unknown type', { type: 'gang' }],
    ['a grade that is not an object', { grades: ['Jefe'] }],
  ])('answers 400 with details for %s, and stores nothing', async (_case, override) => {
    const before = await organisationRows();
    const response = await createOrganisation(t, admin, { name: anOrganisationName(), type: 'job', grades: POLICE_GRADES, ...override });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid form of body');
    expect(response.body.details.length).toBeGreaterThan(0);
    expect(await organisationRows()).toBe(before);
  });

  it('refuses a boss who is not approved or has ended, and an unknown one', async () => {
    const player = await anApprovedPlayer(t);
    const draft = await aCharacter(t, player.user);
    const retired = await aCharacter(t, player.user, { idStatus: 'retired' });
    const before = await organisationRows();
    for (const bossCharacterId of [draft.id, retired.id]) {
      const response = await createOrganisation(t, admin, { name: anOrganisationName(), type: 'job', grades: POLICE_GRADES, bossCharacterId });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: 'Character Not Approved' });
    }
    const unknown = await createOrganisation(t, admin, { name: anOrganisationName(), type: 'job', grades: POLICE_GRADES, bossCharacterId: '123' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Unknown Character' });
    expect(await organisationRows()).toBe(before);
  });

  it('lists oldest first, by type, a page at a time', async () => {
    const made = [await anOrganisation(t, admin, { type: 'faction' }), await anOrganisation(t, admin, { type: 'faction' })];
    const first = await t.http().get('/v1/organisations?type=faction&limit=1').set('Cookie', admin.cookie);
    expect(first.status).toBe(200);
    expect(first.body.organisations).toHaveLength(1);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { organisations: { organisationId: string; type: string }[]; nextCursor: string | null } } = await t.http().get(`/v1/organisations?type=faction&limit=1${cursor ? `&cursor=${cursor}` : ''}`).set('Cookie', admin.cookie);
      all.push(...page.body.organisations.map((o: { organisationId: string; type: string }) => (expect(o.type).toBe('faction'), o.organisationId)));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(all).toEqual(expect.arrayContaining(made.map((o) => o.organisationId)));
    expect([...all].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))).toEqual(all);
    for (const query of ['type=gang', 'limit=0', 'limit=101', 'cursor=abc']) {
      const bad = await t.http().get(`/v1/organisations?${query}`).set('Cookie', admin.cookie);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Invalid form of body');
    }
    expect((await t.http().get('/v1/organisations')).status).toBe(401);
    expect((await t.http().get('/v1/organisations/99').set('Cookie', admin.cookie)).body).toEqual({ error: 'Unknown Organisation' });
  });

  describe('grades', () => {
    const patch = (caller: Player, id: string, body: object) => t.http().patch(`/v1/organisations/${id}`).set('Cookie', caller.cookie).send(body);
    const withGrades = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `G${i}`, salary: i * 10, rights: [] }));

    it('a grade on top moves the bosses up, members keep theirs; the boss renames it', async () => {
      const boss = await anApprovedPlayer(t);
      const recruit = await anApprovedPlayer(t);
      const { organisationId } = await anOrganisation(t, admin, { bossCharacterId: boss.character.id });
      expect((await t.http().post(`/v1/organisations/${organisationId}/members`).set('Cookie', boss.cookie).send({ characterId: recruit.character.id, grade: 0 })).status).toBe(201);
      const name = anOrganisationName('Policía Nueva');
      const response = await patch(boss, organisationId, { name, grades: withGrades(4) });
      expect(response.status).toBe(200);
      expect(response.body.name).toBe(name);
      expect(response.body.grades.map((g: { grade: number }) => g.grade)).toEqual([0, 1, 2, 3]);
      expect(response.body.grades[3].rights).toEqual(ALL_RIGHTS);
      expect(await storedGrades(t, organisationId)).toEqual({ [boss.character.id]: 3, [recruit.character.id]: 0 });
      expect(await t.dataSource.getRepository(GradeEntity).countBy({ organisationId })).toBe(4);
      const event = await t.dataSource.getRepository(AuditEventEntity).findOneByOrFail({ subjectId: organisationId, action: 'organisation.updated' });
      expect(Object.keys(JSON.parse(event.data)).sort()).toEqual(['grades', 'name']);
    });

    it('409 Grade In Use when a member\'s grade would vanish or become the top; others 403', async () => {
      const boss = await anApprovedPlayer(t);
      const sergeant = await anApprovedPlayer(t);
      const { organisationId } = await anOrganisation(t, admin, { bossCharacterId: boss.character.id });
      await t.http().post(`/v1/organisations/${organisationId}/members`).set('Cookie', boss.cookie).send({ characterId: sergeant.character.id, grade: 1 });
      for (const grades of [withGrades(2), withGrades(1)]) {
        const response = await patch(boss, organisationId, { grades });
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ error: 'Grade In Use' });
      }
      expect(await t.dataSource.getRepository(GradeEntity).countBy({ organisationId })).toBe(3);
      expect((await patch(sergeant, organisationId, { name: anOrganisationName() })).status).toBe(403);
      expect((await patch(boss, organisationId, {})).status).toBe(400);
      expect((await patch(boss, organisationId, { grades: [{ name: 'x', salary: 1, rights: ['hire'], extra: true }] })).status).toBe(400);
      expect((await patch(admin, organisationId, { grades: withGrades(3) })).status).toBe(200);
    });
  });

  it('a character that retires leaves every organisation in the same transaction', async () => {
    const boss = await anApprovedPlayer(t);
    const member = await anApprovedPlayer(t);
    const { organisationId } = await anOrganisation(t, admin, { bossCharacterId: boss.character.id });
    await t.http().post(`/v1/organisations/${organisationId}/members`).set('Cookie', boss.cookie).send({ characterId: member.character.id, grade: 0 });
    const chief = await anApprovedPlayer(t, Permission.USER | Permission.MODERATOR_CHIEF);
    const retired = await t.http().post(`/v1/staff/characters/${member.character.id}/retire`).set('Cookie', chief.cookie).send({ reason: 'Se mudó' });
    expect(retired.status).toBe(200);
    expect(await storedGrades(t, organisationId)).toEqual({ [boss.character.id]: 2 });
    expect((await t.dataSource.getRepository(CharacterEntity).findOneByOrFail({ id: member.character.id })).idStatus).toBe('retired');
    const again = await t.http().post(`/v1/organisations/${organisationId}/members`).set('Cookie', boss.cookie).send({ characterId: member.character.id, grade: 0 });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Character Not Approved' });
  });
});
