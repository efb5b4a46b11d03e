import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module';
import { ArchiveService } from './archive.service';
import { ScheduledBackups } from './scheduled-backups';

/** The portable archive (export, import) and the scheduled backups written with it. */
@Module({
  imports: [ImagesModule],
  providers: [ArchiveService, ScheduledBackups],
  exports: [ArchiveService],
})
export class ArchiveModule {}
