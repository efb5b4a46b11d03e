import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const BACKUP_NAME = /^backup-(\d{8}T\d{6}\d{3}Z)\.tar\.gz$/;
/** What `writeArchiveFile` leaves behind when its process dies before the rename. */
const UNFINISHED = /^\.backup-.+\.tmp$/;

/** `backup-20261125T153012123Z.tar.gz`: names sort by time. */
export function backupName(at: Date): string {
  return `backup-${at.toISOString().replace(/[-:.]/g, '')}.tar.gz`;
}

/** The finished backups in `folder`, oldest first. */
export async function listBackups(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((name) => BACKUP_NAME.test(name)).sort();
}

/** When the newest finished backup was taken, from its name; null when there is none. */
export async function newestBackupTime(folder: string): Promise<number | null> {
  const newest = (await listBackups(folder)).at(-1);
  if (!newest) return null;
  const stamp = BACKUP_NAME.exec(newest)![1];
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`;
  return Date.parse(iso);
}

/** Removes the oldest finished backups beyond `keep`; returns the names removed. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const names = await listBackups(folder);
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(join(folder, name), { force: true });
  return removed;
}

/**
 * Removes temporary files of backups that never finished (a process killed while writing). Only
 * the one instance holding the backup lock calls this, so none of them is being written now.
 */
export async function removeUnfinished(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((candidate) => UNFINISHED.test(candidate))) {
    const path = join(folder, name);
    if ((await stat(path)).isFile()) await rm(path, { force: true });
  }
}
