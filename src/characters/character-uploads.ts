import type { ImageType } from '../images/storage/image-store';
import type { UploadSpec } from '../images/uploads/upload';
import { SIGNATURE_PNG_LIMITS } from '../images/validation/png';
import type { CharacterEntity } from './character.entity';

/** The parts a character PATCH may carry besides the JSON fields (decisions §4.13, §4.14). */
export const CHARACTER_UPLOAD: UploadSpec = {
  files: {
    avatar: { kind: 'png' },
    fullBody: { kind: 'png' },
    avatar3dGlb: { kind: 'glb' },
    signature: { kind: 'png', limits: SIGNATURE_PNG_LIMITS },
  },
  textFields: ['avatar3D'],
};

type HashColumn = 'avatarHash' | 'fullBodyHash' | 'avatar3dHash';

/** Where each stored file goes: its image type and the column that keeps its name. */
export const STORED_CHARACTER_FILES: Record<string, { type: ImageType; extension: 'png' | 'glb'; column: HashColumn }> = {
  avatar: { type: 'avatar-bust', extension: 'png', column: 'avatarHash' },
  fullBody: { type: 'avatar', extension: 'png', column: 'fullBodyHash' },
  avatar3dGlb: { type: 'avatars3d', extension: 'glb', column: 'avatar3dHash' },
};

/** The signature is kept on the character itself, as a data URL (decisions §4.15). */
export function signatureDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** What a submission needs (decisions §4.16), each named by the input that provides it. */
export const REQUIRED_FOR_SUBMISSION: { column: keyof CharacterEntity; input: string }[] = [
  { column: 'avatarHash', input: 'avatar' },
  { column: 'fullBodyHash', input: 'fullBody' },
  { column: 'avatar3dHash', input: 'avatar3dGlb' },
  { column: 'avatar3dCamera', input: 'avatar3D' },
  { column: 'avatar3dAABB', input: 'avatar3D' },
  { column: 'signatureData', input: 'signature' },
];
