import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { digestingStream } from './digest-stream';
import { ArchiveRefused, type Digest, type Manifest, MANIFEST_PART, parseManifest } from './archive-format';

const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/**
 * Unpacks the archive into `staging`, checking as it goes: the manifest first, then every entry
 * is one the manifest lists, of its size and SHA-256, and none is missing at the end. Nothing
 * outside `staging` is touched; any flaw refuses the archive with one line.
 */
export async function unpackArchive(file: string, staging: string): Promise<Manifest> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new ArchiveRefused(`no archive file at ${file}`);
  const extract = tar.extract();
  const source = createReadStream(file);
  const gunzip = createGunzip();
  for (const stream of [source, gunzip]) stream.on('error', (error: Error) => extract.destroy(error));
  source.pipe(gunzip).pipe(extract);
  try {
    return await readEntries(extract, staging);
  } catch (error) {
    for (const stream of [source, gunzip, extract]) stream.destroy();
    throw refusal(error);
  }
}

async function readEntries(extract: tar.Extract, staging: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const expected = new Map<string, Digest>();
  for await (const entry of extract) {
    const name = entry.header.name;
    if (!manifest) {
      if (name !== MANIFEST_PART) throw new ArchiveRefused(`the archive does not start with ${MANIFEST_PART}`);
      manifest = parseManifest((await readSmall(entry as AsyncIterable<Buffer>, MAX_MANIFEST_BYTES)).toString('utf8'));
      for (const part of [...manifest.tables, ...manifest.files]) expected.set(part.part, part);
      continue;
    }
    const digest = expected.get(name);
    if (!digest || entry.header.type !== 'file') throw new ArchiveRefused(`the archive holds ${name}, which its manifest does not list`);
    expected.delete(name);
    if (entry.header.size !== digest.bytes) throw new ArchiveRefused(`${name} has ${entry.header.size} bytes; the manifest says ${digest.bytes}`);
    await stage(entry as AsyncIterable<Buffer>, join(staging, name), digest);
  }
  if (!manifest) throw new ArchiveRefused('the archive is empty');
  const missing = [...expected.keys()];
  if (missing.length) throw new ArchiveRefused(`the archive lacks ${missing[0]}${missing.length > 1 ? ` and ${missing.length - 1} more parts` : ''}: it is cut short`);
  return manifest;
}

async function stage(entry: AsyncIterable<Buffer>, path: string, digest: Digest): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const hashing = digestingStream();
  await pipeline(Readable.from(entry), hashing, createWriteStream(path, { flags: 'wx' }));
  if (hashing.digest() !== digest.sha256) throw new ArchiveRefused(`${digest.part} does not match its SHA-256 in the manifest: the archive is corrupt`);
}

async function readSmall(entry: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ArchiveRefused('the archive manifest is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A stream's failure as the one line an operator reads. */
function refusal(error: unknown): Error {
  if (error instanceof ArchiveRefused) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code?.startsWith('Z_') || /unexpected end|incorrect header|invalid|checksum|truncated|Unexpected/i.test((error as Error).message)) {
    return new ArchiveRefused(`the archive is corrupt or cut short (${(error as Error).message})`);
  }
  return error as Error;
}
