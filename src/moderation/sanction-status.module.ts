import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SanctionEntity } from './sanction.entity';
import { SanctionStatusService } from './sanction-status.service';
import { SanctionsRepository } from './sanctions.repository';

/**
 * The read side of sanctions, with no dependency of its own: the auth module asks it at sign-in,
 * at linking and in the access guard, while the moderation module (which needs the auth module
 * to end sessions) writes them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SanctionEntity])],
  providers: [SanctionsRepository, SanctionStatusService],
  exports: [SanctionsRepository, SanctionStatusService],
})
export class SanctionStatusModule {}
