import { ApiProperty } from '@nestjs/swagger';
import { type HolderRef, holderRef } from './holder';
import type { StatementEntryEntity } from './statement-entry.entity';
import { HolderRefDto } from './transfer.dto';
import type { TransferEntity } from './transfer.entity';

export class TransferJson {
  @ApiProperty() transferId: string;
  @ApiProperty({ type: HolderRefDto, description: 'as sent' }) from: HolderRef;
  @ApiProperty({ type: HolderRefDto, description: 'as sent' }) to: HolderRef;
  @ApiProperty() amount: number;
  @ApiProperty({ type: String, nullable: true }) memo: string | null;
  @ApiProperty() createdAt: string;
}

export class StatementEntryJson {
  @ApiProperty() entryId: string;
  @ApiProperty() transferId: string;
  @ApiProperty({ description: 'Signed: negative when money left this wallet or account' }) amount: number;
  @ApiProperty() balanceAfter: number;
  @ApiProperty({ type: HolderRefDto, description: 'The other side, in the shape of `from`/`to`' }) counterparty: HolderRef;
  @ApiProperty({ type: String, nullable: true }) memo: string | null;
  @ApiProperty() createdAt: string;
}

export class StatementJson {
  @ApiProperty({ type: [StatementEntryJson], description: 'Newest first' }) entries: StatementEntryJson[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `before` for the next page; null on the last' })
  nextBefore: string | null;
}

export function toTransferJson(transfer: TransferEntity): TransferJson {
  return {
    transferId: transfer.id,
    from: holderRef(transfer.fromType, transfer.fromId),
    to: holderRef(transfer.toType, transfer.toId),
    amount: transfer.amount,
    memo: transfer.memo,
    createdAt: transfer.createdAt.toISOString(),
  };
}

export function toStatementEntryJson(entry: StatementEntryEntity): StatementEntryJson {
  return {
    entryId: entry.id,
    transferId: entry.transferId,
    amount: entry.amount,
    balanceAfter: entry.balanceAfter,
    counterparty: holderRef(entry.counterpartyType, entry.counterpartyId),
    memo: entry.memo,
    createdAt: entry.createdAt.toISOString(),
  };
}
