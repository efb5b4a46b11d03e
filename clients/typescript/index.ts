import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** The API's JSON shapes by name, e.g. `Schemas['CharacterJson']`. */
export type Schemas = components['schemas'];
/** Every error answer: `{error, code?, details?}`. */
export type ApiError = Schemas['ErrorJson'];
export type ApiClient = Client<paths>;

/** The permission bits of `permissions` (a decimal string): decisions §4.1. */
export const Permission = {
  USER: 1,
  STAFF: 2,
  MODERATOR_CHIEF: 4,
  ADMINISTRATOR: 8,
  SERVICE_ADMINISTRATOR: 16,
  DEVELOPER: 32,
} as const;
export type PermissionName = keyof typeof Permission;

/**
 * A client of the API at `baseUrl` (`https://api.example.com`). Every call carries the browser's
 * session cookies, which the API renews on the way: nothing else is needed to stay signed in.
 */
export function createApiClient(baseUrl: string, options: Omit<ClientOptions, 'baseUrl'> = {}): ApiClient {
  return createClient<paths>({ credentials: 'include', ...options, baseUrl });
}

/** After a 429 (or a 503), how many seconds its `Retry-After` asks to wait; undefined without one. */
export function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  if (value === null) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
