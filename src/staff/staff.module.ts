import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { CharactersModule } from '../characters/characters.module';
import { ChatRolesModule } from '../chat-roles/chat-roles.module';
import { ModerationModule } from '../moderation/moderation.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { UsersModule } from '../users/users.module';
import { AdmissionController } from './admission.controller';
import { AdmissionService } from './admission.service';
import { DossierService } from './dossier.service';
import { StaffController } from './staff.controller';
import { StaffSearchService } from './staff-search.service';

/** The staff dashboard's reads and the game servers' admission: no tables of its own. */
@Module({
  imports: [AuditModule, AuthModule, UsersModule, CharactersModule, ModerationModule, OrganisationsModule, ChatRolesModule],
  controllers: [StaffController, AdmissionController],
  providers: [StaffSearchService, DossierService, AdmissionService],
})
export class StaffModule {}
