import { z } from 'zod';

// zod 4 numbers are finite: `1e999`, which JSON.parse turns into Infinity, is refused.
const vector = z.object({ x: z.number(), y: z.number(), z: z.number() });
const reference = z.string().min(1).max(512);

/**
 * The 3D description as the contract gives it. Parsing rebuilds the object from these fields
 * alone, so whatever else the platform adds never reaches our clients.
 */
export const avatar3dSchema = z.object({
  obj: reference,
  mtl: reference,
  textures: z.array(reference).max(64),
  camera: z.object({ position: vector, direction: vector, fov: z.number() }),
  aabb: z.object({ min: vector, max: vector }),
});

export type Avatar3d = z.infer<typeof avatar3dSchema>;
