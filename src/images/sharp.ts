import type SharpModule from 'sharp';

let loaded: typeof SharpModule | undefined;

/**
 * sharp (libvips, some 20 MiB of native code and memory) is loaded on the first image it decodes
 * or draws: an instance that only serves reads never pays for it. Call it only: sharp's
 * module-wide settings (`sharp.cache()` and the like) are not carried over.
 */
export const sharp = ((...args: Parameters<typeof SharpModule>) => {
  loaded ??= require('sharp') as typeof SharpModule;
  return loaded(...args);
}) as typeof SharpModule;
