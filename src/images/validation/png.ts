import { sharp } from '../sharp';
import { ImageRejected } from './image-rejected';

export interface PngLimits {
  maxBytes: number;
  /** Largest width and height in pixels. */
  maxSide: number;
}

const MIB = 1024 * 1024;
export const PNG_LIMITS: PngLimits = { maxBytes: 8 * MIB, maxSide: 4096 };
export const SIGNATURE_PNG_LIMITS: PngLimits = { maxBytes: 1 * MIB, maxSide: 4096 };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_END = 24;

export interface PngSize {
  width: number;
  height: number;
}

/**
 * Checks that the bytes are a complete, decodable PNG within the limits. The declared size is read
 * from the header first, so a bomb that declares huge dimensions is refused before any decoding.
 */
export async function assertPng(bytes: Buffer, limits: PngLimits = PNG_LIMITS): Promise<PngSize> {
  if (bytes.length > limits.maxBytes) throw new ImageRejected(`must be at most ${formatBytes(limits.maxBytes)}`);
  const size = declaredSize(bytes);
  if (size.width > limits.maxSide || size.height > limits.maxSide) {
    throw new ImageRejected(`must be at most ${limits.maxSide}×${limits.maxSide} pixels`);
  }
  try {
    await sharp(bytes, { failOn: 'warning', limitInputPixels: limits.maxSide * limits.maxSide }).stats();
  } catch {
    throw new ImageRejected('must be a complete, valid PNG image');
  }
  return size;
}

function declaredSize(bytes: Buffer): PngSize {
  const isPng =
    bytes.length >= IHDR_END &&
    bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR';
  if (!isPng) throw new ImageRejected('must be a PNG image');
  const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (size.width === 0 || size.height === 0) throw new ImageRejected('must be a complete, valid PNG image');
  return size;
}

export function formatBytes(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;
}
