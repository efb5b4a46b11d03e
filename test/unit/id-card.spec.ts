import sharp from 'sharp';
import { idCardFacts, signaturePng } from '../../src/characters/id-card/id-card.service';
import { ID_CARD_HEIGHT, ID_CARD_WIDTH, type IdCardFacts, SIGNATURE_BOX } from '../../src/characters/id-card/id-card.layout';
import { escapeMarkup, inkBox, renderIdCard } from '../../src/characters/id-card/id-card.renderer';
import { drawOnto, type Raster } from '../../src/characters/id-card/raster';
import { aPng } from '../support/files';

const FACTS: IdCardFacts = {
  characterId: '1441234567890123456',
  firstNames: 'Ana María',
  lastNames: "O'Brien <b>&amp;",
  dob: '12/04/1995',
  age: 30,
  gender: 'Femenino',
  nationality: 'Argentino',
  bloodType: 'AB-',
  height: 170,
  issuedOn: '25/11/2025',
};

/** A dark stroke on a transparent (or white) sheet, like a signature pad's export. */
function aSignature(sheet = 'none'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="${sheet}"/>
    <path d="M120 150 C 180 40, 240 170, 300 90 S 420 60, 480 120" stroke="#123" stroke-width="6" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function raster(width: number, height: number, rgba: number[]): Raster {
  const input = Buffer.alloc(width * height * 4);
  for (let i = 0; i < input.length; i += 4) input.set(rgba, i);
  return { input, raw: { width, height, channels: 4 } };
}

async function region(png: Buffer, box: { left: number; top: number; width: number; height: number }) {
  return sharp(png).extract(box).raw().toBuffer();
}

describe('ID card rendering', () => {
  it('renders a 1012×638 PNG with transparent rounded corners', async () => {
    const png = await renderIdCard(FACTS, { avatar: null, signature: null });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([ID_CARD_WIDTH, ID_CARD_HEIGHT, 4]);
    expect(data[3]).toBe(0);
    expect(data[(320 * ID_CARD_WIDTH + 500) * 4 + 3]).toBe(255);
  });

  it('renders the same facts to the same bytes, so a card is content-addressed', async () => {
    const [first, second] = await Promise.all([
      renderIdCard(FACTS, { avatar: null, signature: null }),
      renderIdCard(FACTS, { avatar: null, signature: null }),
    ]);
    expect(first.equals(second)).toBe(true);
    const other = await renderIdCard({ ...FACTS, height: 171 }, { avatar: null, signature: null });
    expect(other.equals(first)).toBe(false);
  });

  it('draws the photo and the signature, and falls back when they cannot be read', async () => {
    const plain = await renderIdCard(FACTS, { avatar: null, signature: null });
    const unreadable = await renderIdCard(FACTS, { avatar: Buffer.from('not a png'), signature: Buffer.from('nope') });
    expect(unreadable.equals(plain)).toBe(true);

    for (const sheet of ['none', '#ffffff']) {
      const signed = await renderIdCard(FACTS, { avatar: await aPng(420, 420), signature: await aSignature(sheet) });
      const box = { left: SIGNATURE_BOX.left, top: SIGNATURE_BOX.top, width: SIGNATURE_BOX.width, height: SIGNATURE_BOX.height };
      const [before, after] = [await region(plain, box), await region(signed, box)];
      expect(after.equals(before)).toBe(false);
      // Multiplied, a white sheet leaves the card's stock as it was around the stroke.
      expect(after.subarray(0, 4)).toEqual(before.subarray(0, 4));
    }
  });
});

describe('ID card helpers', () => {
  it('escapes Pango markup and control characters in user text', () => {
    expect(escapeMarkup(`O'Brien <b>&amp; "x"`)).toBe('O&#39;Brien &#60;b&#62;&#38;amp; &#34;x&#34;');
    expect(escapeMarkup('a\nb\u202Ec')).toBe('a b c');
  });

  it('finds the box around the ink, on a transparent or an opaque sheet', () => {
    const transparent = raster(10, 6, [0, 0, 0, 0]);
    expect(inkBox(transparent)).toBeNull();
    transparent.input.set([0, 0, 0, 255], (2 * 10 + 3) * 4);
    transparent.input.set([0, 0, 0, 200], (4 * 10 + 7) * 4);
    expect(inkBox(transparent)).toEqual({ left: 3, top: 2, width: 5, height: 3 });
    const white = raster(10, 6, [255, 255, 255, 255]);
    white.input.set([20, 20, 20, 255], (1 * 10 + 1) * 4);
    expect(inkBox(white)).toEqual({ left: 1, top: 1, width: 1, height: 1 });
  });

  it('blends over and multiply like the W3C compositing rules, clipped to the canvas', () => {
    const canvas = raster(4, 4, [200, 100, 50, 255]);
    drawOnto(canvas, raster(2, 2, [0, 0, 255, 128]), 3, 3);
    expect([...canvas.input.subarray(60, 64)]).toEqual([100, 50, 153, 255]);
    expect([...canvas.input.subarray(0, 4)]).toEqual([200, 100, 50, 255]);
    drawOnto(canvas, raster(1, 1, [128, 128, 128, 255]), 0, 0, 'multiply');
    expect([...canvas.input.subarray(0, 4)]).toEqual([100, 50, 25, 255]);
  });

  it('reads a signature only from a PNG data URL', () => {
    expect(signaturePng(`data:image/png;base64,${Buffer.from('png').toString('base64')}`)).toEqual(Buffer.from('png'));
    expect(signaturePng(null)).toBeNull();
    expect(signaturePng('data:image/jpeg;base64,AAAA')).toBeNull();
    expect(signaturePng('https://example.com/signature.png')).toBeNull();
  });

  it('shows the character as the contract does', () => {
    const facts = idCardFacts(
      { id: '1', firstNames: 'A', lastNames: 'B', dob: '1995-04-12', age: 30, gender: 'Masculino', nationality: 'ARG', bloodType: 'O+', height: 180 } as never,
      new Date('2025-11-25T23:30:00Z'),
    );
    expect(facts).toMatchObject({ dob: '12/04/1995', issuedOn: '25/11/2025', nationality: 'Argentino' });
  });
});

describe('the void band of an ended character', () => {
  it('crosses the card with a red "ANULADO" band and leaves the rest of it as it was', async () => {
    const plain = await renderIdCard(FACTS, { avatar: null, signature: null });
    const voided = await renderIdCard(FACTS, { avatar: null, signature: null }, { voided: true });
    expect(await sharp(voided).metadata()).toMatchObject({ width: ID_CARD_WIDTH, height: ID_CARD_HEIGHT });
    const centre = { left: ID_CARD_WIDTH / 2 - 100, top: ID_CARD_HEIGHT / 2 + 30, width: 4, height: 4 };
    const [r, g, b] = await region(voided, centre);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(120);
    expect(b).toBeLessThan(120);
    const corner = { left: 20, top: 20, width: 40, height: 40 };
    expect((await region(voided, corner)).equals(await region(plain, corner))).toBe(true);
  });
});
