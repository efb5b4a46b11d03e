import { Global, Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit-log.service';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log: every module records its changes through the exported `AuditLog`. */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditLog, AuditRepository, AuditService],
  exports: [AuditLog],
})
export class AuditModule {}
