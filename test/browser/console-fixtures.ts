import { createHash } from 'node:crypto';
import type { CharacterEntity } from '../../src/characters/character.entity';
import { renderDevAvatar } from '../../src/dev-providers/dev-thumbnails.art';
import { sharp } from '../../src/images/sharp';
import { StoredImages } from '../../src/images/stored-images.service';
import type { TestApp } from '../support/app';
import { AVATAR_3D } from '../support/character-fixtures';
import { aGlb } from '../support/files';

/**
 * Every asset a submission needs, looking like a player's (a figure of their own, a signature), so
 * the review screens and their screenshots show what a reviewer would see.
 */
export async function lifelikeAssets(t: TestApp, seed: string): Promise<Partial<CharacterEntity>> {
  const images = t.app.get(StoredImages);
  const signature = await sharp(Buffer.from(signatureSvg(seed))).png().toBuffer();
  return {
    avatarHash: await images.store('avatar-bust', await renderDevAvatar(seed, 'avatar-bust', 210), 'png'),
    fullBodyHash: await images.store('avatar', await renderDevAvatar(seed, 'avatar', 360), 'png'),
    avatar3dHash: await images.store('avatars3d', aGlb(), 'glb'),
    avatar3dCamera: AVATAR_3D.camera,
    avatar3dAABB: AVATAR_3D.aabb,
    signatureData: `data:image/png;base64,${signature.toString('base64')}`,
  };
}

/** A flourish whose curves come from the seed: no font needed, and no two alike. */
function signatureSvg(seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  const y = (index: number) => 20 + (bytes[index] % 60);
  const path = `M10 ${y(0)} C 40 ${y(1)}, 60 ${y(2)}, 90 ${y(3)} S 140 ${y(4)}, 170 ${y(5)} S 230 ${y(6)}, 280 ${y(7)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="${path}" stroke="#1b2a6b" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`;
}
