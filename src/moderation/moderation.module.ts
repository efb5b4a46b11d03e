import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { ModerationRecords } from './moderation-records.service';
import { NotesController } from './notes.controller';
import { NotesService } from './notes.service';
import { SanctionEntity } from './sanction.entity';
import { SanctionStatusService } from './sanction-status.service';
import { SanctionsController } from './sanctions.controller';
import { SanctionsRepository } from './sanctions.repository';
import { SanctionsService } from './sanctions.service';
import { StaffNoteEntity } from './staff-note.entity';
import { StaffNotesRepository } from './staff-notes.repository';
import { UserTagEntity } from './user-tag.entity';
import { UserTagsRepository } from './user-tags.repository';

/**
 * Sanctions, staff notes and tags: the owner of their tables. `SanctionStatusService` answers
 * whether a user is banned or suspended now (sign-in, linking, the access core's restriction check).
 */
@Module({
  imports: [TypeOrmModule.forFeature([SanctionEntity, StaffNoteEntity, UserTagEntity]), UsersModule],
  controllers: [SanctionsController, NotesController],
  providers: [SanctionsService, NotesService, SanctionsRepository, StaffNotesRepository, UserTagsRepository, ModerationRecords, SanctionStatusService],
  exports: [SanctionStatusService, ModerationRecords],
})
export class ModerationModule {}
