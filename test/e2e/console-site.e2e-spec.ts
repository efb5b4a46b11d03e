import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { BUILT_CONSOLE, serveConsole } from '../../src/console/console-site';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/** The staff console's files as the service serves them (decisions §16); the console itself is driven in test/browser. */
describeEachBackend('staff console site', (backend) => {
  let t: TestApp;
  let script: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    script = (await readdir(join(BUILT_CONSOLE, 'assets'))).find((name) => name.endsWith('.js'))!;
  });
  afterAll(() => t.close());

  it('answers its page with no-cache and a policy allowing only its own origin', async () => {
    const page = await t.http().get('/console/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toBe(CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.text).toContain(`/console/assets/${script}`);
    expect(page.text).not.toMatch(/<script>|<style|style=/);
  });

  it('answers its page for every client-side route, and hashed assets cached for a year', async () => {
    for (const path of ['/console/users/123', '/console/review?page=2', '/console/a/b/c']) {
      const page = await t.http().get(path);
      expect([path, page.status, page.headers['cache-control']]).toEqual([path, 200, 'no-cache']);
      expect(page.text).toContain('<div id="root">');
    }
    const asset = await t.http().get(`/console/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBe(CSP);
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    const missing = await t.http().get('/console/assets/index-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it('sends /console to /console/, keeping the query', async () => {
    expect((await t.http().get('/console')).headers.location).toBe('/console/');
    const redirect = await t.http().get('/console?state=abc');
    expect([redirect.status, redirect.headers.location]).toEqual([301, '/console/?state=abc']);
  });

  it('leaves the API as it was', async () => {
    expect((await t.http().get('/v1/health')).status).toBe(200);
    expect((await t.http().get('/consoles')).status).toBe(404);
    expect((await t.http().post('/console/').send({})).status).toBe(404);
  });
});

@Module({})
class EmptyModule {}

describe('staff console site, not built', () => {
  let folder: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rp-console-'));
    app = await NestFactory.create<NestExpressApplication>(EmptyModule, { logger: false });
    serveConsole(app, folder);
    await app.init();
  });
  afterAll(async () => {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('says how to build it, for its page and every route under it', async () => {
    for (const path of ['/console/', '/console/users/1']) {
      const answer = await request(app.getHttpServer()).get(path);
      expect([path, answer.status, answer.headers['content-type']]).toEqual([path, 503, 'text/plain; charset=utf-8']);
      expect(answer.text).toContain('npm run build');
    }
  });
});
