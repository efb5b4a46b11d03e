import { Injectable } from '@nestjs/common';
import { ImageStore, type ImageType } from './storage/image-store';

/** Files up to this size are kept in memory once read; larger ones are always streamed. */
export const HOT_IMAGE_MAX_BYTES = 256 * 1024;
/** The memory all kept files may take together; the least recently served go first. */
export const HOT_IMAGES_BUDGET_BYTES = 8 * 1024 * 1024;

export type ServedImage = { bytes: Buffer } | { body: NodeJS.ReadableStream; size: number };

/**
 * The most served small files in memory. Stored files are content-addressed and never change or
 * disappear, so a kept copy can never be stale; this spares a stat, an open and a read per request
 * (or an S3 round trip) for the avatars a page shows over and over.
 */
@Injectable()
export class HotImages {
  private readonly kept = new Map<string, Buffer>();
  private keptBytes = 0;

  constructor(private readonly store: ImageStore) {}

  /** The file's bytes, or a stream for a large one; null when there is no such file. */
  async get(type: ImageType, name: string): Promise<ServedImage | null> {
    const key = `${type}/${name}`;
    const bytes = this.kept.get(key);
    if (bytes) {
      // Map order is recency order: re-inserting marks it as just served.
      this.kept.delete(key);
      this.kept.set(key, bytes);
      return { bytes };
    }
    const file = await this.store.get(type, name);
    if (!file) return null;
    if (file.size > HOT_IMAGE_MAX_BYTES) return file;
    const read = await readAll(file.body);
    this.keep(key, read);
    return { bytes: read };
  }

  private keep(key: string, bytes: Buffer): void {
    if (this.kept.has(key)) return;
    this.kept.set(key, bytes);
    this.keptBytes += bytes.length;
    for (const [oldest, old] of this.kept) {
      if (this.keptBytes <= HOT_IMAGES_BUDGET_BYTES) break;
      this.kept.delete(oldest);
      this.keptBytes -= old.length;
    }
  }
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
