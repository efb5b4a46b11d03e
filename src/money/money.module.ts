import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BanksModule } from '../banks/banks.module';
import { CharactersModule } from '../characters/characters.module';
import { HolderDirectory } from './holders';
import { IdempotencyCleanup } from './idempotency-cleanup';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotentRequests } from './idempotent-requests';
import { Postings } from './postings';
import { LedgerRepository } from './ledger.repository';
import { StatementEntryEntity } from './statement-entry.entity';
import { StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';
import { TransfersController } from './transfers.controller';
import { TransferEntity } from './transfer.entity';
import { TransfersService } from './transfers.service';

/**
 * Money that moves: the balances of wallets, accounts and treasuries (whose rows the characters,
 * banks and organisations modules own; the last provides `TreasuryPort`), transfers, statement
 * entries and idempotency keys.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TransferEntity, StatementEntryEntity, IdempotencyKeyEntity]), CharactersModule, BanksModule],
  controllers: [TransfersController, StatementsController],
  providers: [
    HolderDirectory,
    LedgerRepository,
    IdempotencyRepository,
    IdempotentRequests,
    Postings,
    TransfersService,
    StatementsService,
    IdempotencyCleanup,
  ],
  exports: [HolderDirectory, IdempotentRequests, Postings, StatementsService],
})
export class MoneyModule {}
