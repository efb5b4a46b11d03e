import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupName, listBackups, newestBackupTime, pruneBackups, removeUnfinished } from '../../src/archive/backup-folder';
import { parseConfig } from '../../src/config/config';

describe('scheduled backups: settings', () => {
  it('are off unless BACKUP_DIR is set, then daily keeping seven unless told otherwise', () => {
    expect(parseConfig({}).backups).toBeUndefined();
    expect(parseConfig({ BACKUP_DIR: '/var/backups/rp' }).backups).toEqual({ dir: '/var/backups/rp', intervalMs: 86_400_000, keep: 7 });
    expect(parseConfig({ BACKUP_DIR: 'b', BACKUP_INTERVAL_MS: '3600000', BACKUP_KEEP: '48' }).backups).toEqual({ dir: 'b', intervalMs: 3_600_000, keep: 48 });
  });

  it.each([
    [{ BACKUP_KEEP: '3' }, 'Invalid configuration: BACKUP_KEEP: needs BACKUP_DIR'],
    [{ BACKUP_INTERVAL_MS: '60000' }, 'Invalid configuration: BACKUP_INTERVAL_MS: needs BACKUP_DIR'],
    [{ BACKUP_DIR: 'b', BACKUP_KEEP: '0' }, /^Invalid configuration: BACKUP_KEEP: /],
    [{ BACKUP_DIR: 'b', BACKUP_INTERVAL_MS: '10' }, /^Invalid configuration: BACKUP_INTERVAL_MS: /],
    [{ BACKUP_DIR: 'b', BACKUP_INTERVAL_MS: 'daily' }, /^Invalid configuration: BACKUP_INTERVAL_MS: must be a whole number/],
  ])('refuses %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });
});

describe('scheduled backups: the folder', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-backup-folder-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('names backups by time, keeps the newest, and clears what a killed writer left', async () => {
    const times = [Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 2), Date.UTC(2026, 0, 3, 4, 5, 6, 789)];
    for (const time of times) await writeFile(join(folder, backupName(new Date(time))), 'x');
    await writeFile(join(folder, `.${backupName(new Date())}.a1b2c3.tmp`), 'partial');
    await writeFile(join(folder, 'notes.txt'), 'the operator keeps this');
    expect(backupName(new Date(times[2]))).toBe('backup-20260103T040506789Z.tar.gz');
    expect(await newestBackupTime(folder)).toBe(times[2]);
    expect(await pruneBackups(folder, 2)).toEqual([backupName(new Date(times[0]))]);
    expect(await listBackups(folder)).toEqual(times.slice(1).map((time) => backupName(new Date(time))));
    await removeUnfinished(folder);
    expect((await readdir(folder)).sort()).toEqual([...times.slice(1).map((time) => backupName(new Date(time))), 'notes.txt'].sort());
  });
});
