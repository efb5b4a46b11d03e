import sharp, { type OutputInfo, type OverlayOptions, type Sharp } from 'sharp';
import { cardBackgroundSvg, placeholderSvg } from './id-card.artwork';
import {
  fixedTexts,
  type FontName,
  type IdCardFacts,
  PHOTO,
  PHOTO_BACKGROUND,
  type PlacedText,
  SIGNATURE_BOX,
  valueTexts,
} from './id-card.layout';

export interface IdCardImages {
  /** The bust avatar PNG; a neutral silhouette when null or unreadable. */
  avatar: Buffer | null;
  /** The signature PNG; none drawn when null or unreadable. */
  signature: Buffer | null;
}

// The fonts ship with the project (dejavu-fonts-ttf), so rendering never depends on system fonts.
const FONTS: Record<FontName, { file: string; family: string }> = {
  regular: { file: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), family: 'DejaVu Sans' },
  bold: { file: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), family: 'DejaVu Sans Bold' },
  mono: { file: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'), family: 'DejaVu Sans Mono' },
};

/** Decoding bound for the avatar and signature (both were validated when uploaded). */
const MAX_INPUT_PIXELS = 4096 * 4096;
/** zlib level 4: a card encodes in half the time of the default for ~10% more bytes. */
const PNG_COMPRESSION = 4;

interface Layer {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
}

/** Renders the 1012×638 PNG ID card. */
export async function renderIdCard(facts: IdCardFacts, images: IdCardImages): Promise<Buffer> {
  const [background, photo, signature, texts] = await Promise.all([
    once('background', renderBackground),
    photoLayer(images.avatar),
    signatureLayer(images.signature),
    textLayers(valueTexts(facts)),
  ]);
  const overlays: OverlayOptions[] = [{ ...photo, left: PHOTO.left, top: PHOTO.top }, ...texts];
  if (signature) overlays.push(signature);
  return sharp(background.input, { raw: background.raw })
    .composite(overlays)
    .png({ compressionLevel: PNG_COMPRESSION })
    .toBuffer();
}

/** Pango markup: user text must never be read as tags or entities. */
export function escapeMarkup(text: string): string {
  const printable = text.replace(/[\p{Cc}\p{Cf}]/gu, ' ');
  return printable.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function textLayers(texts: PlacedText[]): Promise<OverlayOptions[]> {
  return Promise.all(texts.map(async (text) => ({ ...(await textLayer(text)), left: text.left, top: text.top })));
}

async function textLayer(text: PlacedText): Promise<Layer> {
  const { file, family } = FONTS[text.font];
  // Text images are cropped to their ink; an invisible tall glyph gives every one the same top.
  const markup = `<span foreground="${text.color}">${escapeMarkup(text.text)}</span><span alpha="1">Ǻ</span>`;
  const layer = await rawLayer(
    sharp({ text: { text: markup, font: `${family} ${text.size}`, fontfile: file, rgba: true, dpi: 72 } }),
  );
  if (layer.raw.width <= text.maxWidth) return layer;
  return rawLayer(sharp(layer.input, { raw: layer.raw }).resize({ width: text.maxWidth }));
}

async function photoLayer(avatar: Buffer | null): Promise<Layer> {
  if (avatar) {
    try {
      return await fitPhoto(sharp(avatar, { limitInputPixels: MAX_INPUT_PIXELS }));
    } catch {
      // An unreadable stored avatar must not block an approval: the card shows the placeholder.
    }
  }
  return once('placeholder', () => fitPhoto(sharp(Buffer.from(placeholderSvg()))));
}

function fitPhoto(image: Sharp): Promise<Layer> {
  return rawLayer(
    image
      .resize({ width: PHOTO.width, height: PHOTO.height, fit: 'cover', position: 'top' })
      .flatten({ background: PHOTO_BACKGROUND }),
  );
}

async function signatureLayer(signature: Buffer | null): Promise<OverlayOptions | null> {
  if (!signature) return null;
  const { width, height } = SIGNATURE_BOX;
  try {
    // Bounded first, so finding the ink costs the same whatever the upload's size.
    const small = await rawLayer(
      sharp(signature, { limitInputPixels: MAX_INPUT_PIXELS }).resize({
        width: width * 2,
        height: height * 2,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    );
    const ink = inkBox(small);
    if (!ink) return null;
    const layer = await rawLayer(
      sharp(small.input, { raw: small.raw }).extract(ink).resize({ width, height, fit: 'inside', withoutEnlargement: true }),
    );
    const top = SIGNATURE_BOX.top + Math.round((height - layer.raw.height) / 2);
    // Multiply: a signature drawn on an opaque white sheet leaves no white box on the card.
    return { ...layer, left: SIGNATURE_BOX.left, top, blend: 'multiply' };
  } catch {
    // An unreadable signature leaves the signature box empty rather than failing the approval.
    return null;
  }
}

/** The box around the pixels that differ from the top-left one (the sheet); null when blank. */
export function inkBox({ input, raw }: Layer): { left: number; top: number; width: number; height: number } | null {
  const sheet = input.subarray(0, 4);
  let [minX, minY, maxX, maxY] = [raw.width, raw.height, -1, -1];
  for (let y = 0; y < raw.height; y++) {
    for (let x = 0; x < raw.width; x++) {
      const at = (y * raw.width + x) * 4;
      if (!isInk(input, at, sheet)) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? null : { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

const INK_THRESHOLD = 32;

function isInk(pixels: Buffer, at: number, sheet: Buffer): boolean {
  const alpha = pixels[at + 3];
  if (Math.abs(alpha - sheet[3]) > INK_THRESHOLD) return true;
  if (alpha < INK_THRESHOLD) return false;
  return (
    Math.abs(pixels[at] - sheet[0]) + Math.abs(pixels[at + 1] - sheet[1]) + Math.abs(pixels[at + 2] - sheet[2]) >
    INK_THRESHOLD * 3
  );
}

async function renderBackground(): Promise<Layer> {
  const wording = await textLayers(fixedTexts());
  return rawLayer(sharp(Buffer.from(cardBackgroundSvg())).composite(wording));
}

async function rawLayer(image: Sharp): Promise<Layer> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return asLayer(data, info);
}

function asLayer(data: Buffer, info: OutputInfo): Layer {
  return { input: data, raw: { width: info.width, height: info.height, channels: 4 } };
}

const rendered = new Map<string, Promise<Layer>>();

/** The artwork, wording and placeholder are the same on every card: rendered once per process. */
function once(key: string, render: () => Promise<Layer>): Promise<Layer> {
  let layer = rendered.get(key);
  if (!layer) {
    layer = render();
    rendered.set(key, layer);
    layer.catch(() => rendered.delete(key));
  }
  return layer;
}
