import type { Readable } from 'node:stream';

/** The five kinds of stored file the image endpoint serves (spec, Images). */
export const IMAGE_TYPES = ['avatar-bust', 'ids', 'avatars3d', 'avatar', 'icons'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export type FileExtension = 'png' | 'glb';

/** `<lowercase sha256 hex>.<png|glb>`: the contract's `hash` (decisions §4.13). */
export const STORED_NAME = /^[0-9a-f]{64}\.(png|glb)$/;

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

/** The one extension each type holds: `.glb` for 3D models, `.png` for the rest. */
export function extensionOf(type: ImageType): FileExtension {
  return type === 'avatars3d' ? 'glb' : 'png';
}

/** Whether `name` is a well-formed stored name for `type`; nothing else ever reaches a store. */
export function isStoredName(type: ImageType, name: string): boolean {
  return STORED_NAME.test(name) && name.endsWith(`.${extensionOf(type)}`);
}

export interface StoredFile {
  body: Readable;
  size: number;
}

/** One stored file as a listing names it. */
export interface StoredFileEntry {
  type: ImageType;
  name: string;
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
  /** Every stored file, type by type; anything that is not a stored name (a temporary file) is left out. */
  abstract list(): AsyncIterable<StoredFileEntry>;
  /** Removes a file; one that is not there is no error. Only an archive import that failed undoes its files. */
  abstract remove(type: ImageType, name: string): Promise<void>;
}

/** Refuses any name that is not a stored name of the type, so no path ever leaves the store. */
export function assertStoredName(type: ImageType, name: string): void {
  if (!isStoredName(type, name)) throw new Error(`Not a stored ${type} name: ${JSON.stringify(name)}`);
}
