import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createTestApp, type TestApp } from './app';
import type { TestBackend } from './backends';

export interface FakeS3 {
  /** Environment that points an app's storage at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free local port, with one bucket. */
export async function startS3(bucket = 'platform-files'): Promise<FakeS3> {
  const directory = await mkdtemp(join(tmpdir(), 'rp-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    env: {
      STORAGE_URL: `s3://${bucket}/test`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Local disk (the default) and a real S3-protocol server: the storages a spec runs on. */
export const STORAGES: { name: 'disk' | 's3'; start: () => Promise<FakeS3 | undefined> }[] = [
  { name: 'disk', start: async () => undefined },
  { name: 's3', start: () => startS3() },
];

/**
 * One app on the storage for the enclosing `describe`, started before its tests and closed
 * after them; call the returned function inside a test to get it.
 */
export function useAppOnStorage(backend: TestBackend, start: () => Promise<FakeS3 | undefined>): () => TestApp {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  beforeAll(async () => {
    s3 = await start();
    t = await createTestApp(backend, { env: s3?.env });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });
  return () => t;
}
