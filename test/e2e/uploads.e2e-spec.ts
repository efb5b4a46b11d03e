import { Controller, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../src/config/config';
import { MetricsService } from '../../src/metrics/metrics.service';
import { type Upload, UploadReader, type UploadSpec } from '../../src/images/uploads/upload';
import { uploadSlots } from '../../src/images/uploads/upload-slots';
import { SIGNATURE_PNG_LIMITS } from '../../src/images/validation/png';
import { createTestApp, freePort, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aGlb, aGlbOfSize, aPng, aPngDeclaring } from '../support/files';
import { floodRequest, multipartOf, rawRequest } from '../support/raw-http';
import { sleep } from '../support/wait';

const MIB = 1024 * 1024;
const KIB = 1024;

const PROBE_UPLOAD: UploadSpec = {
  files: { avatar: { kind: 'png' }, signature: { kind: 'png', limits: SIGNATURE_PNG_LIMITS }, model: { kind: 'glb' } },
  textFields: ['avatar3D'],
};
/** Declared parts of PROBE_UPLOAD: 8 + 1 + 32 MiB of files, two text fields of 100 KiB, 64 KiB of framing. */
const PROBE_TOTAL = 41 * MIB + 2 * 100 * KIB + 64 * KIB;

/** A bank's kind of upload (no text field but data), with limits of its own. */
const SMALL_UPLOAD: UploadSpec = { files: { icon: { kind: 'png', limits: SIGNATURE_PNG_LIMITS }, model: { kind: 'glb', maxBytes: 2000 } } };
const SMALL_TOTAL = MIB + 2000 + 100 * KIB + 64 * KIB;

/** The outcome of each read of `recorded` and `after-close`, error or upload: their clients are gone before any answer. */
const reads: Promise<unknown>[] = [];

const sizesOf = (upload: Upload) => Object.fromEntries(Object.entries(upload.files).map(([name, bytes]) => [name, bytes.length]));

@Controller('upload-probe')
class UploadProbeController {
  private readonly uploads: UploadReader;

  constructor(config: AppConfig, metrics: MetricsService) {
    this.uploads = new UploadReader(config, uploadSlots, metrics);
  }

  @Patch()
  async upload(@Req() request: Request) {
    const upload = await this.uploads.read(request, PROBE_UPLOAD, 'probe');
    return { body: upload.body, sizes: sizesOf(upload) };
  }

  @Patch('small')
  async small(@Req() request: Request) {
    const upload = await this.uploads.read(request, SMALL_UPLOAD, 'probe');
    return { body: upload.body, sizes: sizesOf(upload) };
  }

  @Patch('recorded')
  async recorded(@Req() request: Request) {
    return this.record(request);
  }

  /** Reads only once the connection has closed, as a slow check before the read would. */
  @Patch('after-close')
  async afterClose(@Req() request: Request) {
    if (!request.socket.destroyed) await new Promise((resolve) => request.socket.once('close', resolve));
    return this.record(request);
  }

  private async record(request: Request) {
    const outcome = this.uploads.read(request, PROBE_UPLOAD, 'recorded');
    reads.push(outcome.catch((error: unknown) => error));
    return sizesOf(await outcome);
  }
}

describeEachBackend('JSON or multipart uploads', (backend) => {
  let t: TestApp;
  let png: Buffer;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp(backend, { controllers: [UploadProbeController], env: { METRICS_PORT: String(metricsPort) } });
    png = await aPng(16, 16);
  });
  afterAll(() => t.close());

  const patch = () => t.http().patch('/v1/upload-probe');

  it('takes a JSON body as it is', async () => {
    const response = await patch().send({ name: 'x' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ body: { name: 'x' }, sizes: {} });
  });

  it('takes data, declared text fields and files from multipart', async () => {
    const glb = aGlb();
    const response = await patch()
      .field('data', JSON.stringify({ firstNames: 'Ana' }))
      .field('avatar3D', '{"camera":{}}')
      .attach('avatar', png, 'a.png')
      .attach('signature', png, 's.png')
      .attach('model', glb, 'm.glb');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      body: { firstNames: 'Ana', avatar3D: '{"camera":{}}' },
      sizes: { avatar: png.length, signature: png.length, model: glb.length },
    });
  });

  it.each([
    ['a text file named .png', (r: ReturnType<typeof patch>) => r.attach('avatar', Buffer.from('just text'), 'a.png'), 'avatar'],
    ['a PNG declaring 100000×100000', async (r: ReturnType<typeof patch>) => r.attach('avatar', await aPngDeclaring(100_000, 100_000), 'a.png'), 'avatar'],
    ['a non-glTF .glb', (r: ReturnType<typeof patch>) => r.attach('model', Buffer.from('not a model'), 'm.glb'), 'model'],
    ['a signature over 1 MiB', (r: ReturnType<typeof patch>) => r.attach('signature', Buffer.alloc(MIB + 10), 's.png'), 'signature'],
    ['an unknown file field', (r: ReturnType<typeof patch>) => r.attach('passport', png, 'p.png'), 'passport'],
    ['an unknown text field', (r: ReturnType<typeof patch>) => r.field('nickname', 'x'), 'nickname'],
    ['malformed data JSON', (r: ReturnType<typeof patch>) => r.field('data', '{"firstNames":'), 'data'],
    ['data that is an array', (r: ReturnType<typeof patch>) => r.field('data', '[1,2]'), 'data'],
    ['a file field sent twice', (r: ReturnType<typeof patch>) => r.attach('avatar', png, 'a.png').attach('avatar', png, 'b.png'), 'avatar'],
    ['a text field both in data and alone', (r: ReturnType<typeof patch>) => r.field('data', '{"avatar3D":"{}"}').field('avatar3D', '{}'), 'avatar3D'],
  ])('refuses %s with 400 naming the field', async (_, build, field) => {
    const response = await build(patch());
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid form of body');
    expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('refuses an oversize file while still answering the client', async () => {
    const response = await patch().attach('avatar', Buffer.alloc(8 * MIB + 1), 'big.png');
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'avatar', message: 'must be at most 8 MiB' }]);
  });

  it('refuses a body larger than all declared parts together by its Content-Length', async () => {
    const response = await patch()
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(200 * MIB))
      .send('--x--');
    expect(response.status).toBe(400);
    expect(response.body.details[0].field).toBe('body');
  }, 10_000);

  it.each([
    ['the probe', '', PROBE_TOTAL],
    ['the small probe', '/small', SMALL_TOTAL],
  ])('refuses to %s a body declaring a byte more than its declared files, text fields and framing', async (_, path, total) => {
    const response = await t
      .http()
      .patch(`/v1/upload-probe${path}`)
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(total + 1))
      .send('--x--');
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'body', message: `must be at most ${total} bytes in all` }]);
  }, 10_000);

  it('cuts off a chunked body at its total with that one issue', async () => {
    const flood = floodRequest(t, { method: 'PATCH', path: '/v1/upload-probe/small', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } }, 2 * SMALL_TOTAL, true);
    flood.startBody();
    const response = await flood.response;
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).details).toEqual([{ field: 'body', message: `must be at most ${SMALL_TOTAL} bytes in all` }]);
  }, 10_000);

  it('takes an upload with no text field but data, within the limits of its own', async () => {
    const glb = aGlbOfSize(2000);
    const response = await t
      .http()
      .patch('/v1/upload-probe/small')
      .field('data', '{"name":"Banco"}')
      .attach('icon', png, 'i.png')
      .attach('model', glb, 'm.glb');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ body: { name: 'Banco' }, sizes: { icon: png.length, model: 2000 } });
    const over = await t.http().patch('/v1/upload-probe/small').attach('model', aGlbOfSize(2004), 'm.glb');
    expect(over.body.details).toEqual([{ field: 'model', message: 'must be at most 2000 bytes' }]);
  });

  it('takes a declared text field sent in data alone', async () => {
    const response = await patch().field('data', '{"avatar3D":"{}"}').attach('avatar', png, 'a.png');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ body: { avatar3D: '{}' }, sizes: { avatar: png.length } });
  });

  it('names a text field sent both in data and alone', async () => {
    const response = await patch().field('data', '{"avatar3D":"{}"}').field('avatar3D', '{}');
    expect(response.body.details).toEqual([{ field: 'avatar3D', message: 'must be sent either in data or as its own field' }]);
  });

  it.each([
    ['null', 'null', 'must be a JSON object'],
    ['an array', '[1]', 'must be a JSON object'],
    ['a string', '"Ana"', 'must be a JSON object'],
    ['malformed', '{"a":', 'must be a JSON object'],
    ['nested 40 levels deep', `{"a":${'['.repeat(40)}${']'.repeat(40)}}`, 'must not nest objects or arrays more than 32 levels deep'],
  ])('lists data that is %s beside the other parts’ issues', async (_, data, message) => {
    const response = await patch().field('nickname', 'x').field('data', data);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { field: 'nickname', message: 'is not a field of this endpoint' },
      { field: 'data', message },
    ]);
  });

  it('checks every file beside the other parts’ issues, each only once', async () => {
    const response = await patch().field('nickname', 'x').attach('avatar', Buffer.from('just text'), 'a.png').attach('model', aGlb(), 'm.glb');
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { field: 'nickname', message: 'is not a field of this endpoint' },
      { field: 'avatar', message: 'must be a PNG image' },
    ]);
  });

  it.each([
    ['no body at all', {}],
    ['an empty body', { 'Content-Length': '0' }],
  ])('takes %s without a Content-Type as an empty object', async (_, headers) => {
    const request = rawRequest(t, { method: 'PATCH', path: '/v1/upload-probe', headers: { ...headers, Connection: 'close' } });
    const response = await request.response;
    expect([response.status, JSON.parse(response.body)]).toEqual([200, { body: {}, sizes: {} }]);
  });

  it.each([
    ['with a length', { 'Content-Length': '5' }, Buffer.from('hello')],
    ['chunked', { 'Transfer-Encoding': 'chunked' }, Buffer.from('5\r\nhello\r\n0\r\n\r\n')],
  ])('refuses a body %s without a Content-Type, naming the types it takes', async (_, headers, body) => {
    const request = rawRequest(t, { method: 'PATCH', path: '/v1/upload-probe', headers: { ...headers, Connection: 'close' } }, body);
    const response = await request.response;
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).details).toEqual([{ field: 'body', message: 'must be application/json or multipart/form-data' }]);
  });

  describe('a client that goes away before its whole body arrived', () => {
    const cutOff = { status: 400, options: { details: [{ field: 'body', message: 'ended before it was complete: the client went away' }] } };

    async function until(check: () => boolean): Promise<void> {
      const end = Date.now() + 3000;
      while (!check() && Date.now() < end) await sleep(10);
    }

    /** Little enough of the body that the server keeps reading the connection, and sees it close. */
    function partialUpload(path: string) {
      const { contentType, body } = multipartOf({ data: '{}' }, { avatar: Buffer.alloc(MIB) });
      const headers = { 'Content-Type': contentType, 'Content-Length': String(body.length) };
      return rawRequest(t, { method: 'PATCH', path: `/v1/upload-probe/${path}`, headers }, body.subarray(0, KIB));
    }

    it('ends its read at once while its body is read, and its slot shows in the metrics until then', async () => {
      const before = reads.length;
      const request = partialUpload('recorded');
      await until(() => uploadSlots.usage.inUse === 1);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/^upload_slots_in_use 1$/m);
      expect(metrics).toMatch(/^upload_slots_waiting 0$/m);
      request.socket.destroy();
      await until(() => reads.length > before);
      expect(await reads[before]).toMatchObject({ status: 400 });
      expect(uploadSlots.usage).toEqual({ inUse: 0, waiting: 0 });
    });

    it('leaves the queue at once when it goes away while waiting for a slot', async () => {
      const before = reads.length;
      const holding = [partialUpload('recorded'), partialUpload('recorded')];
      await until(() => uploadSlots.usage.inUse === 2);
      const waiting = partialUpload('recorded');
      await until(() => uploadSlots.usage.waiting === 1);
      waiting.socket.destroy();
      await until(() => uploadSlots.usage.waiting === 0);
      expect(uploadSlots.usage).toEqual({ inUse: 2, waiting: 0 });
      await until(() => reads.length > before + 2);
      expect(await reads[before + 2]).toMatchObject(cutOff);
      for (const request of holding) request.socket.destroy();
      await until(() => uploadSlots.usage.inUse === 0);
    });

    it('is told apart at once when it left before the read began, and takes no slot', async () => {
      const before = reads.length;
      const request = partialUpload('after-close');
      await sleep(200);
      request.socket.destroy();
      await until(() => reads.length > before);
      expect(await reads[before]).toMatchObject(cutOff);
      expect(uploadSlots.usage).toEqual({ inUse: 0, waiting: 0 });
    });
  });

  it.each([
    ['a multipart body without a boundary', 'multipart/form-data', 'abc'],
    ['a broken multipart body', 'multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}'],
    ['a form-urlencoded body', 'application/x-www-form-urlencoded', 'a=1'],
    ['a text body', 'text/plain', 'hello'],
  ])('refuses %s with 400', async (_, type, body) => {
    const response = await patch().set('Content-Type', type).send(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid form of body');
  });

  it('refuses a JSON body that is not an object', async () => {
    const response = await patch().set('Content-Type', 'application/json').send('[1]');
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
  });
});
