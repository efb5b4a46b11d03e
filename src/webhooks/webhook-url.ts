import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { invalidField } from '../common/errors/domain-error';

/** A URL that passed the guard, and the address its connection must use (so DNS rebinding cannot redirect it). */
export interface VettedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export class UnsafeWebhookUrl extends Error {}

/**
 * The SSRF guard (decisions §9): https only, and every address the host resolves to must be a
 * public unicast one, unless private targets are allowed (which also allows plain http).
 */
export async function vetWebhookUrl(raw: string, allowPrivate: boolean): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeWebhookUrl('not a URL');
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new UnsafeWebhookUrl('must be an https URL');
  if (url.username || url.password) throw new UnsafeWebhookUrl('must not hold credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await lookup(host, { all: true });
  } catch {
    throw new UnsafeWebhookUrl(`host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new UnsafeWebhookUrl(`host ${host} does not resolve`);
  if (!allowPrivate && addresses.some(({ address }) => !isPublic(address))) {
    throw new UnsafeWebhookUrl('resolves to a loopback, private or link-local address');
  }
  const [first] = addresses;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * Special-purpose blocks ipaddr.js does not name: IPv4-compatible IPv6 (`::a.b.c.d`, deprecated
 * by RFC 4291, reaching the IPv4 address behind it) and the dummy IPv6 prefix of RFC 9780.
 */
const UNNAMED_SPECIAL_BLOCKS = ['::/96', '100:0:0:1::/64'].map((cidr) => ipaddr.parseCIDR(cidr));

/**
 * Only ordinary unicast addresses: every block of the IANA special-purpose registries (loopback,
 * private, link-local, CGNAT, documentation, benchmarking, NAT64, 6to4, Teredo, multicast, …),
 * which ipaddr.js names as ranges, is refused (decisions §13).
 */
function isPublic(address: string): boolean {
  const parsed = ipaddr.parse(address);
  if (UNNAMED_SPECIAL_BLOCKS.some(([block, bits]) => parsed.kind() === block.kind() && parsed.match(block, bits))) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The guard at creation and update: a refused URL is a 400 on `url`. */
export async function assertWebhookUrl(raw: string, allowPrivate: boolean): Promise<void> {
  try {
    await vetWebhookUrl(raw, allowPrivate);
  } catch (error) {
    if (error instanceof UnsafeWebhookUrl) throw invalidField('url', error.message);
    throw error;
  }
}

/**
 * A webhook URL is a secret (a Discord URL holds its token): answers show it only up to its first
 * path segment (decisions §13), e.g. `https://hooks.example.com/api/****`.
 */
export function maskedWebhookUrl(raw: string): string {
  const url = new URL(raw);
  const [first, ...rest] = url.pathname.split('/').filter(Boolean);
  const hidden = rest.length > 0 || url.search !== '' || url.hash !== '';
  return `${url.origin}${first === undefined ? '' : `/${first}`}${hidden ? '/****' : ''}`;
}
