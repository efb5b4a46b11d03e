import { AuditEventEntity } from '../../src/audit/audit-event.entity';
import { Permission } from '../../src/common/permissions/permission';
import type { TestApp } from './app';
import { aUser, signIn } from './factories';

/** An administrator's cookie, for reading the audit log and managing webhooks. */
export async function anAdministrator(t: TestApp): Promise<{ id: string; cookie: string }> {
  const admin = await aUser(t, { permissions: Permission.USER | Permission.ADMINISTRATOR });
  return { id: admin.id, cookie: await signIn(t, admin) };
}

/** Every stored event about `subjectId`, oldest first, as `GET /v1/audit` shows them. */
export async function eventsAbout(t: TestApp, adminCookie: string, subjectId: string): Promise<Record<string, unknown>[]> {
  const response = await t.http().get(`/v1/audit?subjectId=${subjectId}&limit=100`).set('Cookie', adminCookie);
  if (response.status !== 200) throw new Error(`GET /v1/audit answered ${response.status}`);
  return (response.body.events as Record<string, unknown>[]).reverse();
}

export function countEvents(t: TestApp): Promise<number> {
  return t.dataSource.getRepository(AuditEventEntity).count();
}
