import type { Avatar3dAabb, Avatar3dCamera } from './character.entity';

/** The parsed `avatar3D` input: the camera and bounding box of a 3D avatar. */
export interface Avatar3d {
  camera: Avatar3dCamera;
  aabb: Avatar3dAabb;
}

type Shape = 'number' | { readonly [key: string]: Shape };

const VECTOR: Shape = { x: 'number', y: 'number', z: 'number' };
const AVATAR_3D: Shape = {
  camera: { position: VECTOR, direction: VECTOR, fov: 'number' },
  aabb: { min: VECTOR, max: VECTOR },
};
const MAX_FOV_DEGREES = 180;

/** Why the text is not an Avatar3D JSON string of exactly the contract's structure, or undefined. */
export function avatar3dProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'must be a JSON string';
  }
  const problem = shapeProblem(value, AVATAR_3D, '');
  if (problem) return problem;
  const { fov } = (value as Avatar3d).camera;
  return fov > 0 && fov < MAX_FOV_DEGREES ? undefined : `camera.fov must be between 0 and ${MAX_FOV_DEGREES} degrees`;
}

/** Parses an `avatar3D` string that `avatar3dProblem` accepted. */
export function parseAvatar3d(text: string): Avatar3d {
  const problem = avatar3dProblem(text);
  if (problem) throw new Error(`avatar3D ${problem}`);
  return JSON.parse(text) as Avatar3d;
}

function shapeProblem(value: unknown, shape: Shape, path: string): string | undefined {
  const name = path || 'the value';
  if (shape === 'number') {
    return typeof value === 'number' && Number.isFinite(value) ? undefined : `${name} must be a finite number`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${name} must be a JSON object`;
  // Object.hasOwn, not `in`: keys such as `__proto__` or `toString` must count as unknown.
  const unknown = Object.keys(value).find((key) => !Object.hasOwn(shape, key));
  if (unknown !== undefined) return `${path ? `${path}.` : ''}${unknown} is not allowed`;
  for (const [key, inner] of Object.entries(shape)) {
    const problem = shapeProblem((value as Record<string, unknown>)[key], inner, path ? `${path}.${key}` : key);
    if (problem) return problem;
  }
  return undefined;
}
