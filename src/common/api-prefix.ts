/** Every route of the API lives under `/v1` (spec, Versioning). */
export const API_PREFIX = 'v1';
