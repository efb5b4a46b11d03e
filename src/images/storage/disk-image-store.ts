import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertStoredName, ImageStore, type ImageType, type StoredFile } from './image-store';

/** Files under `<root>/<type>/<name>`, written to a temporary file and renamed into place. */
export class DiskImageStore extends ImageStore {
  private readonly root: string;

  constructor(root: string) {
    super();
    this.root = resolve(root);
  }

  async put(type: ImageType, name: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(type, name);
    if (await exists(target)) return;
    await mkdir(join(this.root, type), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(type: ImageType, name: string): Promise<StoredFile | null> {
    const path = this.pathOf(type, name);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  private pathOf(type: ImageType, name: string): string {
    assertStoredName(type, name);
    return join(this.root, type, name);
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
