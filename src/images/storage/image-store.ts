import type { Readable } from 'node:stream';

/** The five kinds of stored file the image endpoint serves (spec, Images). */
export const IMAGE_TYPES = ['avatar-bust', 'ids', 'avatars3d', 'avatar', 'icons'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Content-addressed file storage. `name` is `<sha256 hex>.<png|glb>` of the bytes, so writing
 * the same bytes twice is harmless. Implementations never expose a partly written file.
 */
export abstract class ImageStore {
  abstract put(type: ImageType, name: string, bytes: Buffer): Promise<void>;
  /** null when there is no such file. */
  abstract get(type: ImageType, name: string): Promise<StoredFile | null>;
  /** Throws when the storage cannot be reached. */
  abstract check(): Promise<void>;
}
