import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { PendingCharacterCount1764100000000 } from './1764100000000-pending-character-count';
import { AuditAndWebhooks1765500000000 } from './1765500000000-audit-and-webhooks';
import { ServiceKeysAndMoney1765600000000 } from './1765600000000-service-keys-and-money';
import { ModerationAndSearch1765700000000 } from './1765700000000-moderation-and-search';
import { CharacterEndStates1765700000001 } from './1765700000001-character-end-states';
import { SchemaInStep1765800000000 } from './1765800000000-schema-in-step';
import { FrozenMoney1766000000000 } from './1766000000000-frozen-money';
import { ServiceKeyMakers1766200000000 } from './1766200000000-service-key-makers';
import { WebhookUrlsOutOfEvents1766200000001 } from '../webhook-urls-out-of-events';
import { Organisations1766300000000 } from './1766300000000-organisations';
import { InvoicesAndPayroll1766300000001 } from './1766300000001-invoices-and-payroll';
import { ChatRoles1766400000000 } from './1766400000000-chat-roles';

export const POSTGRES_MIGRATIONS = [
  InitialSchema1763800000000,
  PendingCharacterCount1764100000000,
  AuditAndWebhooks1765500000000,
  ServiceKeysAndMoney1765600000000,
  ModerationAndSearch1765700000000,
  CharacterEndStates1765700000001,
  SchemaInStep1765800000000,
  FrozenMoney1766000000000,
  ServiceKeyMakers1766200000000,
  WebhookUrlsOutOfEvents1766200000001,
  Organisations1766300000000,
  InvoicesAndPayroll1766300000001,
  ChatRoles1766400000000,
];
