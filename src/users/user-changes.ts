import type { EntityManager } from 'typeorm';
import type { AuditLog } from '../audit/audit-log.service';
import type { AuditActor, AuditEntry } from '../audit/audit.types';
import { deactivateSessionsOf } from '../auth/sessions.service';
import type { UserEntity } from './user.entity';
import type { UsersRepository } from './users.repository';

export interface UserChange {
  permissions?: number;
  maxCharacters?: number;
}

/**
 * Applies a change to a locked user inside the caller's transaction: only values that really
 * change are written and audited, and new permissions send every session of the user to renewal
 * (decisions §4.4). Shared by the API and the CLI.
 */
export async function applyUserChange(
  deps: { users: UsersRepository; audit: AuditLog },
  manager: EntityManager,
  actor: AuditActor,
  user: UserEntity,
  change: UserChange,
): Promise<void> {
  const subject = { type: 'user', id: user.id } as const;
  const events: AuditEntry[] = [];
  if (change.permissions !== undefined && change.permissions !== user.permissions) {
    await deps.users.update(manager, user.id, { permissions: change.permissions });
    await deactivateSessionsOf(manager, user.id);
    const data = { before: String(user.permissions), after: String(change.permissions) };
    events.push({ action: 'user.permissions_changed', actor, subject, data });
  }
  if (change.maxCharacters !== undefined && change.maxCharacters !== user.maxCharacters) {
    await deps.users.update(manager, user.id, { maxCharacters: change.maxCharacters });
    const data = { before: user.maxCharacters, after: change.maxCharacters };
    events.push({ action: 'user.max_characters_changed', actor, subject, data });
  }
  await deps.audit.recordAll(manager, events);
}
