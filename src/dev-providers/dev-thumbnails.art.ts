import { createHash } from 'node:crypto';
import { sharp } from '../images/sharp';
import type { Avatar3d } from '../game-platform/avatar-3d';

export type DevAvatarKind = 'avatar' | 'avatar-bust';

/** The sizes the real service is asked for (decisions §4.12). */
export const DEV_AVATAR_SIZES: Record<DevAvatarKind, number> = { avatar: 720, 'avatar-bust': 420 };

/** The full body fills the 100×100 drawing; the bust frames its head and shoulders. */
const VIEW_BOXES: Record<DevAvatarKind, string> = { avatar: '0 0 100 100', 'avatar-bust': '25 2 50 50' };
const SKIN_TONES = ['#f5d0b5', '#e8b48f', '#c68863', '#a0674b', '#7a4a32', '#f2c94c'];

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function hue(byte: number, saturation: number, lightness: number): string {
  return `hsl(${Math.round((byte * 360) / 256)}, ${saturation}%, ${lightness}%)`;
}

/** A blocky figure whose colours and hat come from the user id, so different users look different. */
function figureSvg(platformUserId: string, kind: DevAvatarKind, size: number): string {
  const bytes = digest(`figure:${platformUserId}`);
  const skin = SKIN_TONES[bytes[2] % SKIN_TONES.length];
  const shirt = hue(bytes[0], 65, 50);
  const pants = hue(bytes[1], 45, 30);
  const hat = bytes[3] % 2 === 0 ? `<rect x="38" y="3" width="24" height="7" rx="2" fill="${hue(bytes[4], 70, 40)}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${VIEW_BOXES[kind]}">
  <rect x="40" y="8" width="20" height="20" rx="4" fill="${skin}"/>
  <circle cx="46" cy="17" r="1.6" fill="#222"/><circle cx="54" cy="17" r="1.6" fill="#222"/>
  <path d="M45 22 Q50 26 55 22" stroke="#222" stroke-width="1" fill="none"/>
  ${hat}
  <rect x="34" y="29" width="32" height="32" rx="2" fill="${shirt}"/>
  <rect x="22" y="29" width="11" height="32" rx="2" fill="${skin}"/>
  <rect x="67" y="29" width="11" height="32" rx="2" fill="${skin}"/>
  <rect x="34" y="62" width="15.5" height="32" rx="2" fill="${pants}"/>
  <rect x="50.5" y="62" width="15.5" height="32" rx="2" fill="${pants}"/>
</svg>`;
}

/** A transparent PNG of `size`×`size` pixels, like the platform's own thumbnails. */
export function renderDevAvatar(platformUserId: string, kind: DevAvatarKind, size: number): Promise<Buffer> {
  return sharp(Buffer.from(figureSvg(platformUserId, kind, size))).png().toBuffer();
}

/** A 3D description in the platform's shape; the references are stable per user. */
export function devAvatar3d(platformUserId: string): Avatar3d {
  const reference = (part: string) => digest(`${part}:${platformUserId}`).toString('hex').slice(0, 32);
  const height = 5 + (digest(`height:${platformUserId}`)[0] % 8) / 10;
  return {
    obj: reference('obj'),
    mtl: reference('mtl'),
    textures: [reference('texture')],
    camera: { position: { x: 0, y: 100 + height * 0.7, z: -15 }, direction: { x: 0, y: 0.2, z: 0.98 }, fov: 70 },
    aabb: { min: { x: -2, y: 100, z: -1 }, max: { x: 2, y: 100 + height, z: 1 } },
  };
}
