import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { PendingCharacterCount1764100000000 } from './1764100000000-pending-character-count';
import { AuditAndWebhooks1765500000000 } from './1765500000000-audit-and-webhooks';

export const SQLITE_MIGRATIONS = [InitialSchema1763800000000, PendingCharacterCount1764100000000, AuditAndWebhooks1765500000000];
