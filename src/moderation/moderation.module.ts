import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { ModerationRecords } from './moderation-records.service';
import { NotesController } from './notes.controller';
import { NotesService } from './notes.service';
import { SanctionStatusModule } from './sanction-status.module';
import { SanctionsController } from './sanctions.controller';
import { SanctionsService } from './sanctions.service';
import { StaffNoteEntity } from './staff-note.entity';
import { StaffNotesRepository } from './staff-notes.repository';
import { UserTagEntity } from './user-tag.entity';
import { UserTagsRepository } from './user-tags.repository';

/** Sanctions, staff notes and tags: the owner of their tables. */
@Module({
  imports: [TypeOrmModule.forFeature([StaffNoteEntity, UserTagEntity]), SanctionStatusModule, AuthModule, UsersModule],
  controllers: [SanctionsController, NotesController],
  providers: [SanctionsService, NotesService, StaffNotesRepository, UserTagsRepository, ModerationRecords],
  exports: [SanctionStatusModule, ModerationRecords],
})
export class ModerationModule {}
