import ipaddr from 'ipaddr.js';

/** Thrown with the reason only; parseConfig names the variable. */
export class NetworkSettingError extends Error {}

/**
 * `TRUST_PROXY`: how many proxy hops to trust, or which proxies (CIDRs or single addresses).
 * `true` would trust whatever `X-Forwarded-For` a client sends, making every per-IP limit
 * meaningless, so it is refused like any other malformed value.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  if (value === undefined) return undefined;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  const items = value.split(',').map((item) => item.trim()).filter(Boolean);
  const bad = items.find((item) => !ipaddr.isValidCIDR(item) && !ipaddr.isValid(item));
  if (items.length === 0 || bad !== undefined) {
    throw new NetworkSettingError(
      `must be a hop count or a comma-separated list of proxy CIDRs (got ${JSON.stringify(bad ?? value)})`,
    );
  }
  return items;
}

export interface ImageOriginInputs {
  /** `GAMEPLATFORM_IMAGE_ORIGINS` as written, if set. */
  listed?: string;
  thumbnailsUrl: string;
  /** The development thumbnail service's origin while development providers are on. */
  devOrigin?: string;
}

/**
 * Where the thumbnail service's image URLs may point (decisions §7). Plain `http` is allowed only
 * for an origin listed explicitly, so a default derived from an `http` thumbnails URL adds nothing.
 */
export function imageOrigins({ listed, thumbnailsUrl, devOrigin }: ImageOriginInputs): string[] {
  const origins = listed === undefined ? httpsOnly([new URL(thumbnailsUrl).origin]) : listed.split(',').map(asOrigin).filter(Boolean);
  return [...new Set(devOrigin ? [...origins, devOrigin] : origins)];
}

function httpsOnly(origins: string[]): string[] {
  return origins.filter((origin) => origin.startsWith('https:'));
}

function asOrigin(item: string): string {
  const text = item.trim();
  if (!text) return '';
  const url = URL.canParse(text) ? new URL(text) : undefined;
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!url || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new NetworkSettingError(`${JSON.stringify(text)} is not an origin like https://cdn.example.com`);
  }
  return url.origin;
}
