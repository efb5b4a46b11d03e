import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import type { Manifest } from '../../src/archive/archive-format';
import { runCli } from '../../src/cli/main';

export interface CliRun {
  code: number;
  out: string;
  err: string[];
}

/** `npm run cli -- …` in this process, on the given environment. */
export async function cli(env: Record<string, string>, ...argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { NODE_ENV: 'test', ...env }, { out: (text) => out.push(text), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err };
}

/** An archive's entries in order, for tests that tamper with one (archives here are small). */
export async function readArchive(file: string): Promise<{ name: string; body: Buffer }[]> {
  const extract = tar.extract();
  const entries: { name: string; body: Buffer }[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(await readFile(file)));
  await done;
  return entries;
}

/** Writes entries as an archive; `fixDigests` makes the manifest agree with the (tampered) parts. */
export async function writeArchive(file: string, entries: { name: string; body: Buffer }[], fixDigests = false): Promise<void> {
  const [first, ...parts] = entries;
  const manifest = JSON.parse(first.body.toString()) as Manifest;
  if (fixDigests) {
    for (const part of [...manifest.tables, ...manifest.files]) {
      const body = parts.find((entry) => entry.name === part.part)!.body;
      part.bytes = body.length;
      part.sha256 = createHash('sha256').update(body).digest('hex');
    }
  }
  const pack = tar.pack();
  const collected = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  })();
  pack.entry({ name: first.name }, Buffer.from(JSON.stringify(manifest)));
  for (const entry of parts) pack.entry({ name: entry.name }, entry.body);
  pack.finalize();
  await writeFile(file, gzipSync(await collected));
}

export function manifestOf(entries: { name: string; body: Buffer }[]): Manifest {
  return JSON.parse(entries[0].body.toString()) as Manifest;
}

export function withManifest(entries: { name: string; body: Buffer }[], change: (manifest: Manifest) => void): { name: string; body: Buffer }[] {
  const manifest = manifestOf(entries);
  change(manifest);
  return [{ name: entries[0].name, body: Buffer.from(JSON.stringify(manifest)) }, ...entries.slice(1)];
}
