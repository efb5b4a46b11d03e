import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CharactersModule } from '../characters/characters.module';
import { ImagesModule } from '../images/images.module';
import { BankAccountDirectory } from './bank-account-directory';
import { BankAccountReactions } from './bank-account-reactions';
import { BankAccountEntity } from './bank-account.entity';
import { BankLedgerEntryEntity } from './bank-ledger-entry.entity';
import { BankEntity } from './bank.entity';
import { BankAccountsController } from './bank-accounts.controller';
import { BankAccountsService } from './bank-accounts.service';
import { BankLedger } from './bank-ledger';
import { BankPolicy } from './bank.policy';
import { BanksController } from './banks.controller';
import { BanksService } from './banks.service';

/** Banks owned by characters, their accounts, and the ledger of capital changes. */
@Module({
  imports: [TypeOrmModule.forFeature([BankEntity, BankAccountEntity, BankLedgerEntryEntity]), ImagesModule, CharactersModule],
  controllers: [BanksController, BankAccountsController],
  providers: [BanksService, BankAccountsService, BankLedger, BankPolicy, BankAccountDirectory, BankAccountReactions],
  exports: [BankAccountDirectory],
})
export class BanksModule {}
