import { assertGlb } from '../../src/images/validation/glb';
import { ImageRejected } from '../../src/images/validation/image-rejected';
import { assertPng, PNG_LIMITS } from '../../src/images/validation/png';
import { aGlb, aPng, aPngDeclaring } from '../support/files';

describe('PNG validation', () => {
  it('accepts a real PNG and reports its size', async () => {
    await expect(assertPng(await aPng(30, 20))).resolves.toEqual({ width: 30, height: 20 });
  });

  it.each([
    ['a text file', async () => Buffer.from('hello, this is not an image at all')],
    ['an empty file', async () => Buffer.alloc(0)],
    ['a truncated PNG', async () => (await aPng(200, 200)).subarray(0, 60)],
    ['a PNG declaring 100000×100000 pixels', () => aPngDeclaring(100_000, 100_000)],
    ['a PNG over the byte limit', async () => Buffer.concat([await aPng(), Buffer.alloc(PNG_LIMITS.maxBytes)])],
    ['a JPEG', async () => (await import('sharp')).default(await aPng()).jpeg().toBuffer()],
  ])('refuses %s', async (_, make) => {
    await expect(assertPng(await make())).rejects.toBeInstanceOf(ImageRejected);
  });

  it('refuses a PNG larger than the side limit', async () => {
    await expect(assertPng(await aPng(300, 10), { maxBytes: 1_000_000, maxSide: 256 })).rejects.toThrow('256×256');
  });
});

describe('GLB validation', () => {
  it('accepts a glTF 2.0 binary', () => {
    expect(() => assertGlb(aGlb())).not.toThrow();
  });

  it.each([
    ['a text file', Buffer.from('solid cube\nendsolid cube\n')],
    ['glTF version 1', (() => { const glb = aGlb(); glb.writeUInt32LE(1, 4); return glb; })()],
    ['a wrong declared length', (() => { const glb = aGlb(); glb.writeUInt32LE(glb.length + 4, 8); return glb; })()],
    ['a truncated file', aGlb().subarray(0, 30)],
    ['a JSON chunk that does not parse', (() => { const glb = aGlb(); glb.write('{{{{', 20); return glb; })()],
    ['a 1.0 asset', aGlb({ asset: { version: '1.0' } })],
  ])('refuses %s', (_, bytes) => {
    expect(() => assertGlb(bytes)).toThrow(ImageRejected);
  });

  it('refuses a file over the size limit', () => {
    expect(() => assertGlb(aGlb(), 10)).toThrow('at most 10 bytes');
  });
});
