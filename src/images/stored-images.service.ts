import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { type FileExtension, ImageStore, type ImageType, isStoredName } from './storage/image-store';

/** Content-addressed storing and reading of validated files, and their public addresses. */
@Injectable()
export class StoredImages {
  constructor(
    private readonly files: ImageStore,
    private readonly config: AppConfig,
  ) {}

  /** Stores the bytes and returns their name `<sha256 hex>.<extension>` (the contract's hash). */
  async store(type: ImageType, bytes: Buffer, extension: FileExtension): Promise<string> {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
    await this.files.put(type, name, bytes);
    return name;
  }

  /** The bytes of a stored file, or null when there is none. */
  async read(type: ImageType, name: string): Promise<Buffer | null> {
    if (!isStoredName(type, name)) return null;
    const file = await this.files.get(type, name);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  url(type: ImageType, name: string): string {
    return `${this.config.publicBaseUrl}/v1/images/${type}/${name}`;
  }
}
