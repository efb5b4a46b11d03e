/** Every entity, for the DataSources built outside the application (the migration CLI, benchmarks, tests); the application loads each module's own through `forFeature`. */
import { AuditEventEntity } from './audit/audit-event.entity';
import { ProviderLinkEntity } from './auth/provider-link.entity';
import { SessionEntity } from './auth/session.entity';
import { UserNameTermEntity } from './auth/user-name-term.entity';
import { BankAccountEntity } from './banks/bank-account.entity';
import { BankLedgerEntryEntity } from './banks/bank-ledger-entry.entity';
import { BankEntity } from './banks/bank.entity';
import { CharacterNameWordEntity } from './characters/character-name-word.entity';
import { CharacterEntity } from './characters/character.entity';
import { ChatMemberEntity } from './chat-roles/chat-member.entity';
import { ChatRoleSettingsEntity } from './chat-roles/chat-role-settings.entity';
import { WalletEntity } from './characters/wallet.entity';
import { IdempotencyKeyEntity } from './money/idempotency-key.entity';
import { StatementEntryEntity } from './money/statement-entry.entity';
import { TransferEntity } from './money/transfer.entity';
import { GradeEntity } from './organisations/grade.entity';
import { InvoiceEntity } from './organisations/invoice.entity';
import { PayrollRunEntity } from './organisations/payroll-run.entity';
import { MemberEntity } from './organisations/member.entity';
import { OrganisationEntity } from './organisations/organisation.entity';
import { ServiceKeyEntity } from './service-keys/service-key.entity';
import { SanctionEntity } from './moderation/sanction.entity';
import { StaffNoteEntity } from './moderation/staff-note.entity';
import { UserTagEntity } from './moderation/user-tag.entity';
import { UserEntity } from './users/user.entity';
import { WebhookDeliveryEntity } from './webhooks/webhook-delivery.entity';
import { WebhookEntity } from './webhooks/webhook.entity';

export const ENTITIES = [
  UserEntity,
  ProviderLinkEntity,
  SessionEntity,
  CharacterEntity,
  WalletEntity,
  BankEntity,
  BankAccountEntity,
  BankLedgerEntryEntity,
  ServiceKeyEntity,
  TransferEntity,
  StatementEntryEntity,
  IdempotencyKeyEntity,
  CharacterNameWordEntity,
  UserNameTermEntity,
  SanctionEntity,
  StaffNoteEntity,
  UserTagEntity,
  AuditEventEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  OrganisationEntity,
  GradeEntity,
  MemberEntity,
  InvoiceEntity,
  PayrollRunEntity,
  ChatMemberEntity,
  ChatRoleSettingsEntity,
];
