import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEventEntity } from './audit-event.entity';
import { AuditController } from './audit.controller';
import { AuditRecorder } from './audit-recorder';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log: records every domain event, and reads them back (`GET /v1/audit`, the dossier). */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEventEntity])],
  controllers: [AuditController],
  providers: [AuditRecorder, AuditRepository, AuditService],
  exports: [AuditService],
})
export class AuditModule {}
