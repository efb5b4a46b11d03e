import { z } from 'zod';
import { InvalidBody } from '../common/errors/domain-error';
import { parseUntrustedJson } from '../common/untrusted-json';

// zod 4 numbers are finite: `1e999`, which JSON.parse turns into Infinity, is refused.
const vector = z.strictObject({ x: z.number(), y: z.number(), z: z.number() });

/** The `avatar3D` input: exactly the contract's camera and bounding box, no other key anywhere. */
const avatar3dInput = z.strictObject({
  camera: z.strictObject({ position: vector, direction: vector, fov: z.number().gt(0).lt(180) }),
  aabb: z.strictObject({ min: vector, max: vector }),
});

export type Avatar3dInput = z.infer<typeof avatar3dInput>;

/** Why the text is not an `avatar3D` JSON string, or undefined when it is one. */
export function avatar3dProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = parseUntrustedJson(text, 'avatar3D');
  } catch (error) {
    return error instanceof InvalidBody ? error.options.details![0].message : 'must be a JSON string';
  }
  const result = avatar3dInput.safeParse(value);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** Parses an `avatar3D` string that `avatar3dProblem` accepted. */
export function parseAvatar3d(text: string): Avatar3dInput {
  return avatar3dInput.parse(parseUntrustedJson(text, 'avatar3D'));
}
