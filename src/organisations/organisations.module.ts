import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CharactersModule } from '../characters/characters.module';
import { ImagesModule } from '../images/images.module';
import { MoneyModule } from '../money/money.module';
import { TreasuryPort } from '../money/treasury-port';
import { UsersModule } from '../users/users.module';
import { GradeEntity } from './grade.entity';
import { InvoiceEntity } from './invoice.entity';
import { PayrollRunEntity } from './payroll-run.entity';
import { MemberEntity } from './member.entity';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';
import { MembershipReactions } from './membership-reactions';
import { Memberships } from './memberships';
import { OrganisationActors } from './organisation-actors';
import { OrganisationDirectory } from './organisation-directory';
import { OrganisationEntity } from './organisation.entity';
import { OrganisationTreasuries } from './organisation-treasuries';
import { OrganisationsController } from './organisations.controller';
import { OrganisationsRepository } from './organisations.repository';
import { OrganisationsService } from './organisations.service';
import { TreasuryController } from './treasury.controller';
import { PayrollService } from './payroll.service';
import { InvoicesController } from './invoices.controller';
import { InvoicesRepository } from './invoices.repository';
import { InvoiceParties } from './invoice-parties';
import { InvoicesService } from './invoices.service';
import { InvoicePayments } from './invoice-payments.service';

/**
 * Jobs, factions and businesses: grades, members acting through their active character, the
 * treasury (decisions §14). Global only to hand money its `TreasuryPort`: money sits below and
 * cannot import this module.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OrganisationEntity, GradeEntity, MemberEntity, InvoiceEntity, PayrollRunEntity]), CharactersModule, UsersModule, ImagesModule, MoneyModule],
  controllers: [OrganisationsController, MembersController, TreasuryController, InvoicesController],
  providers: [
    OrganisationsRepository,
    OrganisationActors,
    Memberships,
    OrganisationsService,
    MembersService,
    MembershipReactions,
    OrganisationTreasuries,
    PayrollService,
    InvoicesRepository,
    InvoiceParties,
    InvoicesService,
    InvoicePayments,
    OrganisationDirectory,
    { provide: TreasuryPort, useExisting: OrganisationTreasuries },
  ],
  exports: [TreasuryPort, OrganisationDirectory],
})
export class OrganisationsModule {}
