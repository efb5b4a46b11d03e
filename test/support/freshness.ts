import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The latest modification time of any file under `folder`. */
export function newestSource(folder: string): number {
  return readdirSync(folder, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(folder, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }, 0);
}
