import { Controller, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../../src/config/config';
import { MetricsService } from '../../src/metrics/metrics.service';
import { UploadReader } from '../../src/images/uploads/upload';
import { uploadSlots } from '../../src/images/uploads/upload-slots';
import { SIGNATURE_PNG_LIMITS } from '../../src/images/validation/png';
import { createTestApp, type TestApp } from '../support/app';
import { describeEachBackend } from '../support/backends';
import { aGlb, aPng, aPngDeclaring } from '../support/files';

const MIB = 1024 * 1024;

@Controller('upload-probe')
class UploadProbeController {
  private readonly uploads: UploadReader;

  constructor(config: AppConfig, metrics: MetricsService) {
    this.uploads = new UploadReader(config, uploadSlots, metrics);
  }

  @Patch()
  async upload(@Req() request: Request) {
    const upload = await this.uploads.read(request, {
      files: { avatar: { kind: 'png' }, signature: { kind: 'png', limits: SIGNATURE_PNG_LIMITS }, model: { kind: 'glb' } },
      textFields: ['avatar3D'],
    }, 'probe');
    const sizes = Object.fromEntries(Object.entries(upload.files).map(([name, bytes]) => [name, bytes.length]));
    return { body: upload.body, sizes };
  }
}

describeEachBackend('JSON or multipart uploads', (backend) => {
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(backend, { controllers: [UploadProbeController] });
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
