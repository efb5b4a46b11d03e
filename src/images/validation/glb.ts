import { ImageRejected } from './image-rejected';
import { formatBytes } from './png';

export const GLB_MAX_BYTES = 32 * 1024 * 1024;
/** A model's JSON is a scene description; bigger ones are refused before parsing, which blocks the event loop. */
export const GLB_JSON_MAX_BYTES = 2 * 1024 * 1024;

const MAGIC = 0x46546c67; // "glTF"
const JSON_CHUNK = 0x4e4f534a; // "JSON"
const HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;

/** Checks that the bytes are a glTF 2.0 binary (GLB) whose chunks fit and whose JSON chunk parses. */
export function assertGlb(bytes: Buffer, maxBytes = GLB_MAX_BYTES): void {
  if (bytes.length > maxBytes) throw new ImageRejected(`must be at most ${formatBytes(maxBytes)}`);
  if (bytes.length < HEADER_BYTES + CHUNK_HEADER_BYTES || bytes.readUInt32LE(0) !== MAGIC) {
    throw new ImageRejected('must be a glTF binary (.glb) file');
  }
  if (bytes.readUInt32LE(4) !== 2) throw new ImageRejected('must be glTF version 2');
  if (bytes.readUInt32LE(8) !== bytes.length) throw new ImageRejected('declares a length other than its size');
  const json = chunkAt(bytes, HEADER_BYTES);
  if (json.type !== JSON_CHUNK) throw new ImageRejected('must start with a JSON chunk');
  if (json.end - json.start > GLB_JSON_MAX_BYTES) {
    throw new ImageRejected(`must have a JSON chunk of at most ${formatBytes(GLB_JSON_MAX_BYTES)}`);
  }
  assertGltfJson(bytes.toString('utf8', json.start, json.end));
  for (let offset = json.end; offset < bytes.length; offset = chunkAt(bytes, offset).end);
}

function chunkAt(bytes: Buffer, offset: number): { type: number; start: number; end: number } {
  if (offset + CHUNK_HEADER_BYTES > bytes.length) throw new ImageRejected('has a truncated chunk');
  const start = offset + CHUNK_HEADER_BYTES;
  const end = start + bytes.readUInt32LE(offset);
  if (end > bytes.length) throw new ImageRejected('has a truncated chunk');
  return { type: bytes.readUInt32LE(offset + 4), start, end };
}

function assertGltfJson(text: string): void {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ImageRejected('has a JSON chunk that does not parse');
  }
  const version = (document as { asset?: { version?: unknown } } | null)?.asset?.version;
  if (typeof version !== 'string' || !version.startsWith('2.')) {
    throw new ImageRejected('must declare asset.version 2.x');
  }
}
