import type { OutputInfo, Sharp } from 'sharp';
import { sharp } from '../../images/sharp';
import { cardBackgroundSvg, placeholderSvg } from './id-card.artwork';
import {
  fixedTexts,
  type FontName,
  ID_CARD_HEIGHT,
  ID_CARD_WIDTH,
  type IdCardFacts,
  PHOTO,
  PHOTO_BACKGROUND,
  type PlacedText,
  SIGNATURE_BOX,
  valueTexts,
} from './id-card.layout';
import { type BlendMode, copyRaster, drawOnto, type Raster } from './raster';

export interface IdCardImages {
  /** The bust avatar PNG; a neutral silhouette when null or unreadable. */
  avatar: Buffer | null;
  /** The signature PNG; none drawn when null or unreadable. */
  signature: Buffer | null;
}

export interface IdCardOptions {
  /** Crossed by the void band "ANULADO": the card of a retired or deceased character. */
  voided?: boolean;
}

// The fonts ship with the project (dejavu-fonts-ttf), so rendering never depends on system fonts.
const FONTS: Record<FontName, { file: string; family: string }> = {
  regular: { file: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), family: 'DejaVu Sans' },
  bold: { file: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), family: 'DejaVu Sans Bold' },
  mono: { file: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'), family: 'DejaVu Sans Mono' },
};

/** Decoding bound for the avatar and signature (both were validated when uploaded). */
const MAX_INPUT_PIXELS = 4096 * 4096;
/** zlib level 2: a card encodes in less than half the time of the default for ~25% more bytes. */
const PNG_COMPRESSION = 2;

type Layer = Raster;

interface Placed {
  layer: Layer;
  left: number;
  top: number;
  mode?: BlendMode;
}

/** Renders the 1012×638 PNG ID card. */
export async function renderIdCard(facts: IdCardFacts, images: IdCardImages, options: IdCardOptions = {}): Promise<Buffer> {
  const [background, photo, signature, texts, voidBand] = await Promise.all([
    once('background', renderBackground),
    photoLayer(images.avatar),
    signatureLayer(images.signature),
    textLayers(valueTexts(facts)),
    options.voided ? once('void-band', renderVoidBand).then((layer) => [centred(layer)]) : [],
  ]);
  const card = copyRaster(background);
  const layers = [{ layer: photo, left: PHOTO.left, top: PHOTO.top }, ...texts, ...signature, ...voidBand];
  for (const { layer, left, top, mode } of layers) {
    drawOnto(card, layer, left, top, mode);
  }
  return sharp(card.input, { raw: card.raw }).png({ compressionLevel: PNG_COMPRESSION }).toBuffer();
}

/** Pango markup: user text must never be read as tags or entities. */
export function escapeMarkup(text: string): string {
  const printable = text.replace(/[\p{Cc}\p{Cf}]/gu, ' ');
  return printable.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function textLayers(texts: PlacedText[]): Promise<Placed[]> {
  return Promise.all(texts.map(async (text) => ({ layer: await textLayer(text), left: text.left, top: text.top })));
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

/** The signature fitted to its box; none when there is none or it cannot be read. */
async function signatureLayer(signature: Buffer | null): Promise<Placed[]> {
  if (!signature) return [];
  const { width, height } = SIGNATURE_BOX;
  try {
    const small = await rawLayer(await boundedSignature(signature));
    const ink = inkBox(small);
    if (!ink) return [];
    const layer = await rawLayer(
      sharp(small.input, { raw: small.raw }).extract(ink).resize({ width, height, fit: 'inside', withoutEnlargement: true }),
    );
    const top = SIGNATURE_BOX.top + Math.round((height - layer.raw.height) / 2);
    // Multiply: a signature drawn on an opaque white sheet leaves no white box on the card.
    return [{ layer, left: SIGNATURE_BOX.left, top, mode: 'multiply' }];
  } catch {
    // An unreadable signature leaves the signature box empty rather than failing the approval.
    return [];
  }
}

/** Pixels scanned for ink at most; a larger signature is shrunk first, so the scan stays cheap. */
const MAX_SCANNED_PIXELS = 1_000_000;

async function boundedSignature(signature: Buffer): Promise<Sharp> {
  const image = sharp(signature, { limitInputPixels: MAX_INPUT_PIXELS });
  const { width = 0, height = 0 } = await image.metadata();
  if (width * height <= MAX_SCANNED_PIXELS) return image;
  const scale = Math.sqrt(MAX_SCANNED_PIXELS / (width * height));
  return image.resize({ width: Math.floor(width * scale), height: Math.floor(height * scale), fit: 'inside' });
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

const VOID_BAND = { width: 1240, height: 132, angle: -16, text: 'ANULADO', size: 92 } as const;

/** A translucent red band with "ANULADO" in white, across the card's diagonal. */
async function renderVoidBand(): Promise<Layer> {
  const { width, height, angle, text, size } = VOID_BAND;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#c62828" fill-opacity="0.78"/>
    <rect y="10" width="${width}" height="4" fill="#ffffff" fill-opacity="0.85"/>
    <rect y="${height - 14}" width="${width}" height="4" fill="#ffffff" fill-opacity="0.85"/></svg>`;
  const band = await rawLayer(sharp(Buffer.from(svg)));
  const label = await textLayer({ text, font: 'bold', size, color: '#ffffff', maxWidth: width, left: 0, top: 0 });
  drawOnto(band, label, Math.round((width - label.raw.width) / 2), Math.round((height - label.raw.height) / 2));
  return rawLayer(sharp(band.input, { raw: band.raw }).rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } }));
}

function centred(layer: Layer): Placed {
  return { layer, left: Math.round((ID_CARD_WIDTH - layer.raw.width) / 2), top: Math.round((ID_CARD_HEIGHT - layer.raw.height) / 2) };
}

async function renderBackground(): Promise<Layer> {
  const [artwork, wording] = await Promise.all([rawLayer(sharp(Buffer.from(cardBackgroundSvg()))), textLayers(fixedTexts())]);
  for (const { layer, left, top } of wording) drawOnto(artwork, layer, left, top);
  return artwork;
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
