import { ApiProperty } from '@nestjs/swagger';
import { PaginationMetaJson } from '../common/pagination';
import type { BankAccountEntity } from './bank-account.entity';
import type { BankEntity } from './bank.entity';
import type { BankLedgerEntryEntity, LedgerReason } from './bank-ledger-entry.entity';

/** The contract's Bank resource. */
export class BankJson {
  @ApiProperty() bankId: string;
  @ApiProperty({ description: '`characterId` of the owning character' }) ownerId: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true, description: 'served by `GET /v1/images/icons/<iconHash>`' })
  iconHash: string | null;
  @ApiProperty() capital: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

/** The contract's Account resource. */
export class AccountJson {
  @ApiProperty() accountId: string;
  @ApiProperty() bankId: string;
  @ApiProperty() characterId: string;
  @ApiProperty() balance: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
}

/** One change of a bank's capital. */
export class LedgerEntryJson {
  @ApiProperty() entryId: string;
  @ApiProperty() bankId: string;
  @ApiProperty({ type: String, nullable: true, description: 'the user who made the change' })
  actorUserId: string | null;
  @ApiProperty({ description: 'signed change of capital' }) change: number;
  @ApiProperty() capitalAfter: number;
  @ApiProperty({ enum: ['created', 'adjusted', 'set'] }) reason: LedgerReason;
  @ApiProperty() createdAt: string;
}

export class BankPageJson {
  @ApiProperty({ type: [BankJson] }) banks: BankJson[];
  @ApiProperty() meta: PaginationMetaJson;
}

export class AccountListJson {
  @ApiProperty({ type: [AccountJson] }) accounts: AccountJson[];
}

export class LedgerPageJson {
  @ApiProperty({ type: [LedgerEntryJson] }) entries: LedgerEntryJson[];
  @ApiProperty() meta: PaginationMetaJson;
}

export function toBankJson(bank: BankEntity): BankJson {
  return {
    bankId: bank.id,
    ownerId: bank.ownerId,
    name: bank.name,
    iconHash: bank.iconHash,
    capital: bank.capital,
    createdAt: bank.createdAt.toISOString(),
    updatedAt: bank.updatedAt.toISOString(),
  };
}

export function toAccountJson(account: BankAccountEntity): AccountJson {
  return {
    accountId: account.id,
    bankId: account.bankId,
    characterId: account.characterId,
    balance: account.balance,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

export function toLedgerEntryJson(entry: BankLedgerEntryEntity): LedgerEntryJson {
  return {
    entryId: entry.id,
    bankId: entry.bankId,
    actorUserId: entry.actorUserId,
    change: entry.change,
    capitalAfter: entry.capitalAfter,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  };
}
