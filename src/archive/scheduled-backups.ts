import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RoundTimer } from '../common/round-timer';
import { AppConfig } from '../config/config';
import { ProcessRole } from '../config/process-role';
import { runExclusively } from '../database/exclusive-work';
import { MetricsService } from '../metrics/metrics.service';
import { ArchiveService } from './archive.service';
import { backupName, newestBackupTime, pruneBackups, removeUnfinished } from './backup-folder';

/** Any fixed number: the PostgreSQL advisory lock held by the one instance taking a backup. */
const BACKUP_LOCK_KEY = 720_451_994;

/**
 * Writes the archive to `BACKUP_DIR` every `BACKUP_INTERVAL_MS` in a serving process, keeping the
 * newest `BACKUP_KEEP`. The next backup is due one interval after the newest one in the folder,
 * so restarts neither skip nor repeat backups. On PostgreSQL the instances share the work through
 * an advisory lock and the folder's newest backup; SQLite is written by one process.
 */
@Injectable()
export class ScheduledBackups implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduledBackups.name);
  private readonly rounds = new RoundTimer(() => this.round());

  constructor(
    private readonly config: AppConfig,
    private readonly role: ProcessRole,
    private readonly archive: ArchiveService,
    private readonly metrics: MetricsService,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const settings = this.config.backups;
    if (!settings || !this.role.serves) return;
    // A folder that cannot be made fails each round loudly (log, metric) but never stops the service.
    await mkdir(settings.dir, { recursive: true }).catch((error: Error) => this.logger.error(`backup folder ${settings.dir}: ${error.message}`));
    this.rounds.after(await this.untilDue().catch(() => 0));
  }

  onApplicationShutdown(): void {
    // A backup under way is left to fail with the database: its temporary file is removed then, or by the next round.
    this.rounds.stop();
  }

  private async untilDue(): Promise<number> {
    const newest = await newestBackupTime(this.config.backups!.dir);
    return newest === null ? 0 : Math.max(0, newest + this.config.backups!.intervalMs - Date.now());
  }

  private async round(): Promise<void> {
    try {
      await runExclusively(this.dataSource, BACKUP_LOCK_KEY, async () => {
        // Another instance may have taken it meanwhile (a shared folder): then it is not due yet.
        if ((await this.untilDue()) > this.config.backups!.intervalMs / 2) return;
        await this.backUp();
      });
    } catch (error) {
      this.metrics.backups.inc({ outcome: 'failure' });
      this.logger.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.rounds.after(await this.untilDue().catch(() => this.config.backups!.intervalMs));
  }

  private async backUp(): Promise<void> {
    const { dir, keep } = this.config.backups!;
    await removeUnfinished(dir);
    const started = Date.now();
    const summary = await this.archive.export(join(dir, backupName(new Date(started))));
    const removed = await pruneBackups(dir, keep);
    this.metrics.backups.inc({ outcome: 'success' });
    this.metrics.lastBackup.set(Date.now() / 1000);
    this.logger.log(
      `backup written: ${summary.file} (${summary.bytes} bytes, ${Object.values(summary.rows).reduce((a, b) => a + b, 0)} rows, ` +
        `${summary.files} files) in ${Date.now() - started} ms; ${removed.length} older removed`,
    );
  }
}
