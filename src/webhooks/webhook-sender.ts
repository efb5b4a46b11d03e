import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { OutgoingRequest } from './webhook-formats';
import type { VettedTarget } from './webhook-url';

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** The receiver's `Retry-After`, in milliseconds. */
  retryAfterMs: number | null;
}

/**
 * POSTs to the vetted target. The connection goes to the address the guard checked, whatever the
 * name resolves to now (no DNS rebinding), while TLS and `Host` still use the URL's host name.
 */
export function postToTarget(target: VettedTarget, request: OutgoingRequest, signal?: AbortSignal): Promise<AttemptResult> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const finish = (result: AttemptResult) => resolve(result);
    const outgoing = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        timeout: DELIVERY_TIMEOUT_MS,
        signal,
      },
      (response) => {
        response.resume();
        const statusCode = response.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        finish({ ok, statusCode, error: ok ? null : `HTTP ${statusCode}`, retryAfterMs: retryAfterMs(response.headers['retry-after']) });
      },
    );
    const deadline = setTimeout(() => outgoing.destroy(new Error('timed out after 10 s')), DELIVERY_TIMEOUT_MS);
    outgoing.on('close', () => clearTimeout(deadline));
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out after 10 s')));
    outgoing.on('error', (error) => finish({ ok: false, statusCode: null, error: error.message.slice(0, 500), retryAfterMs: null }));
    outgoing.end(request.body);
  });
}

/** `Retry-After` as seconds or an HTTP date. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
