import { Module } from '@nestjs/common';
import { CharactersModule } from '../characters/characters.module';
import { ImagesModule } from '../images/images.module';
import { BankAccountsController } from './bank-accounts.controller';
import { BankAccountsService } from './bank-accounts.service';
import { BankLedger } from './bank-ledger';
import { BankPolicy } from './bank.policy';
import { BanksController } from './banks.controller';
import { BanksService } from './banks.service';

/** Banks owned by characters, their accounts, and the ledger of capital changes. */
@Module({
  imports: [ImagesModule, CharactersModule],
  controllers: [BanksController, BankAccountsController],
  providers: [BanksService, BankAccountsService, BankLedger, BankPolicy],
})
export class BanksModule {}
