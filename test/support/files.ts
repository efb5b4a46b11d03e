import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real PNG of the given size, filled with one colour. */
export function aPng(width = 64, height = 64, colour = { r: 200, g: 80, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A PNG header that declares a size without the pixels to back it (a decompression bomb's shape). */
export async function aPngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await aPng(1, 1);
  const header = Buffer.from(png);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

/** A valid PNG of exactly `totalBytes`, padded by a text chunk before its end. */
export async function aPngOfSize(totalBytes: number): Promise<Buffer> {
  const png = await aPng(8, 8);
  const iend = png.length - 12;
  const text = Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(totalBytes - png.length - 12 - 8, 'x')]);
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  text.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + text.length)), 8 + text.length);
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** A minimal glTF 2.0 binary: a JSON chunk and a BIN chunk of `binBytes` zeros. */
export function aGlb(document: object = { asset: { version: '2.0' } }, binBytes = 4): Buffer {
  const json = padded(Buffer.from(JSON.stringify(document)), 0x20);
  const bin = Buffer.alloc(binBytes);
  const length = 12 + 8 + json.length + 8 + bin.length;
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(length, 8);
  return Buffer.concat([header, chunkHeader(json.length, 0x4e4f534a), json, chunkHeader(bin.length, 0x004e4942), bin]);
}

/** A valid GLB of exactly `totalBytes`, its BIN chunk filling what the headers and JSON leave. */
export function aGlbOfSize(totalBytes: number): Buffer {
  const bare = aGlb(undefined, 0);
  return aGlb(undefined, totalBytes - bare.length);
}

function chunkHeader(length: number, type: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32LE(length, 0);
  header.writeUInt32LE(type, 4);
  return header;
}

function padded(bytes: Buffer, fill: number): Buffer {
  const extra = (4 - (bytes.length % 4)) % 4;
  return Buffer.concat([bytes, Buffer.alloc(extra, fill)]);
}

type SupertestRequest = ReturnType<ReturnType<typeof import('supertest')>['get']>;

/** Sends the request and keeps the response body as raw bytes, whatever its type. */
export async function bytesOf(request: SupertestRequest): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const response = await request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  return { status: response.status, headers: response.headers as Record<string, string>, body: response.body as Buffer };
}
