import { assertGlb } from '../../src/images/validation/glb';
import { ImageRejected } from '../../src/images/validation/image-rejected';
import { assertPng, PNG_LIMITS } from '../../src/images/validation/png';
import { aGlb, aPng, aPngDeclaring } from '../support/files';

describe('PNG validation', () => {
  it('accepts a real PNG and reports its size', async () => {
    await expect(assertPng(await aPng(30, 20))).resolves.toEqual({ width: 30, height: 20 });
  });

  const withByte = (bytes: Buffer, offset: number, value: number) => {
    const changed = Buffer.from(bytes);
    changed[offset] = value;
    return changed;
  };

  it.each([
    ['a text file', async () => Buffer.from('hello, this is not an image at all'), 'must be a PNG image'],
    ['an empty file', async () => Buffer.alloc(0), 'must be a PNG image'],
    ['a PNG header one byte short of its size', async () => (await aPng()).subarray(0, 23), 'must be a PNG image'],
    ['a wrong signature', async () => withByte(await aPng(), 1, 0x51), 'must be a PNG image'],
    ['a first chunk other than IHDR', async () => withByte(await aPng(), 15, 0x58), 'must be a PNG image'],
    ['a JPEG', async () => (await import('sharp')).default(await aPng()).jpeg().toBuffer(), 'must be a PNG image'],
    ['a PNG header alone', async () => (await aPng()).subarray(0, 24), 'must be a complete, valid PNG image'],
    ['a truncated PNG', async () => (await aPng(200, 200)).subarray(0, 60), 'must be a complete, valid PNG image'],
    ['a PNG declaring no width', () => aPngDeclaring(0, 10), 'must be a complete, valid PNG image'],
    ['a PNG declaring no height', () => aPngDeclaring(10, 0), 'must be a complete, valid PNG image'],
    ['a PNG declaring 100000×100000 pixels', () => aPngDeclaring(100_000, 100_000), 'must be at most 4096×4096 pixels'],
    ['a PNG over the byte limit', async () => Buffer.concat([await aPng(), Buffer.alloc(PNG_LIMITS.maxBytes)]), 'must be at most 8 MiB'],
  ])('refuses %s', async (_, make, message) => {
    const refused = assertPng(await make());
    await expect(refused).rejects.toBeInstanceOf(ImageRejected);
    await expect(refused).rejects.toThrow(new ImageRejected(message));
  });

  it('refuses a PNG larger than the side limit either way, and names a limit of bytes that is no whole MiB', async () => {
    const limits = { maxBytes: 1_000_000, maxSide: 256 };
    for (const [width, height] of [
      [257, 256],
      [256, 257],
    ]) {
      await expect(assertPng(await aPngDeclaring(width, height), limits)).rejects.toThrow(new ImageRejected('must be at most 256×256 pixels'));
    }
    await expect(assertPng(await aPng(256, 256), limits)).resolves.toEqual({ width: 256, height: 256 });
    const png = await aPng(16, 16);
    await expect(assertPng(png, { maxBytes: png.length, maxSide: 16 })).resolves.toEqual({ width: 16, height: 16 });
    await expect(assertPng(png, { maxBytes: png.length - 1, maxSide: 16 })).rejects.toThrow(new ImageRejected(`must be at most ${png.length - 1} bytes`));
  });
});

describe('GLB validation', () => {
  /** `glb` with the 32-bit little-endian `value` written at `offset`. */
  const withWord = (glb: Buffer, offset: number, value: number) => {
    const changed = Buffer.from(glb);
    changed.writeUInt32LE(value, offset);
    return changed;
  };
  /** `glb` cut to `bytes`, its declared length following. */
  const cut = (glb: Buffer, bytes: number) => withWord(glb.subarray(0, bytes), 8, bytes);
  const JSON_LENGTH = 12;
  const JSON_TYPE = 16;

  it('accepts a glTF 2.0 binary, one with a JSON chunk of exactly 2 MiB, one with the JSON chunk alone, and one with an empty BIN chunk', () => {
    expect(() => assertGlb(aGlb())).not.toThrow();
    expect(() => assertGlb(aGlb(undefined, 0))).not.toThrow();
    const bare = aGlb({ asset: { version: '2.0' }, padding: '' }).subarray(0, 20).readUInt32LE(JSON_LENGTH);
    expect(() => assertGlb(aGlb({ asset: { version: '2.0' }, padding: 'x'.repeat(2 * 1024 * 1024 - bare) }))).not.toThrow();
    const jsonOnly = aGlb();
    expect(() => assertGlb(cut(jsonOnly, 20 + jsonOnly.readUInt32LE(JSON_LENGTH)))).not.toThrow();
  });

  it.each([
    ['a text file', Buffer.from('solid cube\nendsolid cube\n'), 'must be a glTF binary (.glb) file'],
    ['a header and one byte short of a chunk header', cut(aGlb(), 19), 'must be a glTF binary (.glb) file'],
    ['glTF version 1', withWord(aGlb(), 4, 1), 'must be glTF version 2'],
    ['a wrong declared length', withWord(aGlb(), 8, aGlb().length + 4), 'declares a length other than its size'],
    ['a truncated file', aGlb().subarray(0, 30), 'declares a length other than its size'],
    ['a first chunk that is not JSON', withWord(aGlb(), JSON_TYPE, 0x004e4942), 'must start with a JSON chunk'],
    ['a JSON chunk longer than the file', withWord(aGlb(), JSON_LENGTH, 4096), 'has a truncated chunk'],
    ['a chunk cut short in its data', cut(aGlb(), aGlb().length - 4 - 1), 'has a truncated chunk'],
    ['a chunk header cut short', cut(aGlb(), 20 + aGlb().readUInt32LE(JSON_LENGTH) + 3), 'has a truncated chunk'],
    ['the smallest header with an empty JSON chunk', cut(withWord(aGlb(), JSON_LENGTH, 0), 20), 'has a JSON chunk that does not parse'],
    ['a JSON chunk over 2 MiB', aGlb({ asset: { version: '2.0' }, padding: 'x'.repeat(2 * 1024 * 1024) }), 'must have a JSON chunk of at most 2 MiB'],
    ['a JSON chunk that does not parse', (() => { const glb = aGlb(); glb.write('{{{{', 20); return glb; })(), 'has a JSON chunk that does not parse'],
    ['a 1.0 asset', aGlb({ asset: { version: '1.0' } }), 'must declare asset.version 2.x'],
    ['a numeric version', aGlb({ asset: { version: 2 } }), 'must declare asset.version 2.x'],
    ['no asset', aGlb({}), 'must declare asset.version 2.x'],
    ['a null document', aGlb(null as unknown as object), 'must declare asset.version 2.x'],
  ])('refuses %s', (_, bytes, message) => {
    expect(() => assertGlb(bytes)).toThrow(new ImageRejected(message));
  });

  it('refuses a file over the size limit, and takes one at it', () => {
    const glb = aGlb();
    expect(() => assertGlb(glb, glb.length - 1)).toThrow(new ImageRejected(`must be at most ${glb.length - 1} bytes`));
    expect(() => assertGlb(glb, glb.length)).not.toThrow();
  });
});
