import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertStoredName, IMAGE_TYPES, ImageStore, type ImageType, isStoredName, type StoredFile, type StoredFileEntry } from './image-store';

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

  async *list(): AsyncIterable<StoredFileEntry> {
    for (const type of IMAGE_TYPES) {
      const names = await readdir(join(this.root, type)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      for (const name of names.sort()) {
        if (!isStoredName(type, name)) continue;
        const { size } = await stat(join(this.root, type, name));
        yield { type, name, size };
      }
    }
  }

  async remove(type: ImageType, name: string): Promise<void> {
    await rm(this.pathOf(type, name), { force: true });
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
