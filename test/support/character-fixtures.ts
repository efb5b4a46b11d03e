import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CharacterEntity } from '../../src/characters/character.entity';
import { StoredImages } from '../../src/images/stored-images.service';
import type { UserEntity } from '../../src/users/user.entity';
import type { TestApp } from './app';
import { aUser, signIn } from './factories';
import { aGlb, aPng } from './files';

/** A user with a live session: `cookie` is the `Cookie` header value. */
export async function aSignedInUser(
  t: TestApp,
  overrides: Partial<UserEntity> = {},
): Promise<{ user: UserEntity; cookie: string }> {
  const user = await aUser(t, overrides);
  return { user, cookie: await signIn(t, user) };
}

/** A valid body for POST /v1/users/:userId/characters. */
export function aCharacterInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstNames: 'Ana María',
    lastNames: 'García López',
    age: 30,
    height: 170,
    gender: 'Femenino',
    bloodType: 'O+',
    nationality: 'Argentino',
    dob: '1995-04-12',
    ...overrides,
  };
}

/** A valid `avatar3D` value. */
export const AVATAR_3D = {
  camera: { position: { x: 0, y: 1.5, z: -3 }, direction: { x: 0, y: 0, z: 1 }, fov: 70 },
  aabb: { min: { x: -1, y: 0, z: -0.5 }, max: { x: 1, y: 2, z: 0.5 } },
};

/** Overrides for `aCharacter` giving it every asset a submission needs, stored for real. */
export async function submittableAssets(t: TestApp): Promise<Partial<CharacterEntity>> {
  const images = t.app.get(StoredImages);
  return {
    avatarHash: await images.store('avatar-bust', await aPng(20, 24), 'png'),
    fullBodyHash: await images.store('avatar', await aPng(20, 40), 'png'),
    avatar3dHash: await images.store('avatars3d', aGlb(), 'glb'),
    avatar3dCamera: AVATAR_3D.camera,
    avatar3dAABB: AVATAR_3D.aabb,
    signatureData: `data:image/png;base64,${(await aPng(30, 10)).toString('base64')}`,
  };
}

/** Every file under the app's local storage folder (empty when it does not exist yet). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = t.config.storageUrl.slice('file:'.length);
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
