import type { Test } from 'supertest';
import { MemberEntity } from '../../src/organisations/member.entity';
import { OrganisationEntity } from '../../src/organisations/organisation.entity';
import { Permission } from '../../src/common/permissions/permission';
import { createTestApp, type TestApp } from './app';
import type { TestBackend } from './backends';
import type { Player } from './factories';
import { anApprovedPlayer, type Caller, withCaller } from './money';

/** Three grades: 0 recruit (no rights), 1 sergeant (hire, fire, promote, issue_fines, view_treasury), 2 chief (boss). */
export const POLICE_GRADES = [
  { name: 'Recluta', salary: 100, rights: [] },
  { name: 'Sargento', salary: 200, rights: ['hire', 'fire', 'promote', 'issue_fines', 'view_treasury'] },
  { name: 'Jefe', salary: 300, rights: [] },
];

let names = 0;

/** A unique organisation name per call. */
export function anOrganisationName(prefix = 'Policía'): string {
  return `${prefix} ${Date.now() % 100000}-${names++}`;
}

export function createOrganisation(t: TestApp, caller: Caller, body: object): Test {
  return withCaller(t.http().post('/v1/organisations'), caller).send(body);
}

/** An organisation made by `admin`, with a boss when given; its JSON as created. */
export async function anOrganisation(
  t: TestApp,
  admin: Caller,
  options: { type?: string; bossCharacterId?: string; grades?: object[] } = {},
): Promise<{ organisationId: string; [field: string]: unknown }> {
  const body = { name: anOrganisationName(), type: options.type ?? 'job', grades: options.grades ?? POLICE_GRADES, ...(options.bossCharacterId ? { bossCharacterId: options.bossCharacterId } : {}) };
  const response = await createOrganisation(t, admin, body);
  if (response.status !== 201) throw new Error(`organisation answered ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export function hire(t: TestApp, caller: Caller, organisationId: string, characterId: string, grade: number): Test {
  return withCaller(t.http().post(`/v1/organisations/${organisationId}/members`), caller).send({ characterId, grade });
}

export function setGrade(t: TestApp, caller: Caller, organisationId: string, characterId: string, grade: number): Test {
  return withCaller(t.http().patch(`/v1/organisations/${organisationId}/members/${characterId}`), caller).send({ grade });
}

export function removeMember(t: TestApp, caller: Caller, organisationId: string, characterId: string): Test {
  return withCaller(t.http().delete(`/v1/organisations/${organisationId}/members/${characterId}`), caller);
}

/** The stored grade of each member, by character id. */
export async function storedGrades(t: TestApp, organisationId: string): Promise<Record<string, number>> {
  const rows = await t.dataSource.getRepository(MemberEntity).findBy({ organisationId });
  return Object.fromEntries(rows.map((row) => [row.characterId, row.grade]));
}

export const treasury = (organisationId: string) => ({ type: 'organisation', organisationId });

export async function treasuryBalance(t: TestApp, id: string): Promise<number> {
  return (await t.dataSource.getRepository(OrganisationEntity).findOneByOrFail({ id })).balance;
}

let payrollKeys = 0;

export function payroll(t: TestApp, caller: Caller, organisationId: string, idempotencyKey = `payroll-${Date.now()}-${payrollKeys++}`): Test {
  return withCaller(t.http().post(`/v1/organisations/${organisationId}/payroll`), caller).set('Idempotency-Key', idempotencyKey);
}

let invoiceKeys = 0;
const nextKey = (prefix: string) => `${prefix}-${Date.now()}-${invoiceKeys++}`;

export function issueInvoice(t: TestApp, caller: Caller, body: object, idempotencyKey = nextKey('invoice')): Test {
  return withCaller(t.http().post('/v1/invoices'), caller).set('Idempotency-Key', idempotencyKey).send(body);
}

export function payInvoice(t: TestApp, caller: Caller, invoiceId: string, from: object, idempotencyKey = nextKey('pay')): Test {
  return withCaller(t.http().post(`/v1/invoices/${invoiceId}/pay`), caller).set('Idempotency-Key', idempotencyKey).send({ from });
}

/** A spec's app on its backend with rate limits off, and an administrator with an approved active character. */
export async function appWithAdministrator(backend: TestBackend): Promise<{ t: TestApp; admin: Player }> {
  const t = await createTestApp(backend, { env: { RATE_LIMITS: 'off' } });
  return { t, admin: await anApprovedPlayer(t, Permission.USER | Permission.ADMINISTRATOR) };
}
