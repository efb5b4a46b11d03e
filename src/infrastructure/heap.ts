import { setFlagsFromString } from 'node:v8';

/**
 * The live heap of a serving instance is some 40 MiB, but V8 lets the old generation grow to three
 * or four times that before a full collection, all of it resident. Growing it by at most 30% per
 * collection keeps the process well under 200 MiB; with requests no longer promoted (see
 * `expressMessageOptions`) a full collection under load comes every few seconds, and 30% measured
 * no slower in `npm run bench:http` than 50% or 75% (RSS 166, 176 and 196 MiB after the run).
 */
const HEAP_GROWING_PERCENT = 30;

/** Set once at start-up, before the application allocates (main.ts, and the benchmark's floor). */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
