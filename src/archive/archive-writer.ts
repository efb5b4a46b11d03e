import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type { ImageStore } from '../images/storage/image-store';
import { type Manifest, MANIFEST_PART, parseFilePart } from './archive-format';

/**
 * Writes the archive to `target` atomically: a temporary file in the same folder, flushed to disk,
 * then renamed, so `target` is either the whole archive or absent (or its previous content); a
 * failure removes the temporary file. The manifest comes first, so a reader knows every part's
 * digest before it meets the part.
 */
export async function writeArchiveFile(target: string, manifest: Manifest, tablesFolder: string, store: ImageStore): Promise<number> {
  const path = resolve(target);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const pack = tar.pack();
    // tar-stream's streams are streamx streams: Node's pipeline reads them as async iterables.
    const written = pipeline(Readable.from(pack), createGzip(), createWriteStream(temporary, { flags: 'wx' }));
    written.catch(() => undefined);
    await addEntries(pack, manifest, tablesFolder, store);
    pack.finalize();
    await written;
    const bytes = await flushToDisk(temporary);
    await rename(temporary, path);
    await flushToDisk(dirname(path)).catch(() => undefined);
    return bytes;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function addEntries(pack: tar.Pack, manifest: Manifest, tablesFolder: string, store: ImageStore): Promise<void> {
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 1));
  await new Promise<void>((done, fail) => pack.entry({ name: MANIFEST_PART, size: manifestBytes.length }, manifestBytes, (error) => (error ? fail(error) : done())));
  for (const table of manifest.tables) {
    await addStream(pack, table.part, table.bytes, createReadStream(join(tablesFolder, table.part)) as AsyncIterable<Buffer>, table.sha256);
  }
  for (const file of manifest.files) {
    const { type, name } = parseFilePart(file.part)!;
    const stored = await store.get(type, name);
    if (!stored) throw new Error(`stored file ${type}/${name} disappeared while the archive was written`);
    await addStream(pack, file.part, file.bytes, stored.body as AsyncIterable<Buffer>, file.sha256);
  }
}

/** One entry, its bytes checked against the digest the manifest already promised. */
async function addStream(pack: tar.Pack, name: string, size: number, body: AsyncIterable<Buffer>, sha256: string): Promise<void> {
  const hash = createHash('sha256');
  let settle!: (error?: Error | null) => void;
  const finished = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
  const entry = pack.entry({ name, size }, (error) => settle(error));
  for await (const chunk of body) {
    hash.update(chunk);
    if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
  }
  entry.end(() => undefined);
  await finished;
  if (hash.digest('hex') !== sha256) throw new Error(`${name} changed while the archive was written (its digest differs)`);
}

/** fsync: the bytes (or the folder's new name) are on disk before anyone relies on them. */
async function flushToDisk(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
