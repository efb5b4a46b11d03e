import { request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query exactly as they go on the wire. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send only this many bytes of the body (the declared length stays whole), then destroy the socket. */
  abortAfter?: number;
}

export type RawOutcome =
  | { kind: 'answered'; status: number; text: string; headers: Record<string, string | string[] | undefined> }
  | { kind: 'aborted' }
  | { kind: 'closed'; reason: string }
  | { kind: 'timeout' }
  /** The request could not even be written by Node's client (a header it refuses): nothing was sent. */
  | { kind: 'unsendable'; reason: string };

/** Longer than any honest answer on a loaded machine; FUZZ_TIMEOUT_MS shortens it for long runs. */
const ANSWER_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS || 15_000);

/** One request on its own connection, with nothing normalised on the way out. */
export function send(baseUrl: string, raw: RawRequest): Promise<RawOutcome> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: RawOutcome) => {
      if (!settled) (settled = true), resolve(outcome);
    };
    let req: ReturnType<typeof request>;
    try {
      req = request({
        host: url.hostname,
        port: url.port,
        method: raw.method,
        path: raw.target,
        agent: false,
        headers: { ...raw.headers, ...(raw.body ? { 'Content-Length': String(raw.body.length) } : {}) },
      });
    } catch (error) {
      return settle({ kind: 'unsendable', reason: (error as Error).message });
    }
    const timer = setTimeout(() => (settle({ kind: 'timeout' }), req.destroy()), ANSWER_TIMEOUT_MS);
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        settle({ kind: 'answered', status: response.statusCode!, text: Buffer.concat(chunks).toString(), headers: response.headers });
      });
      response.on('error', (error) => settle({ kind: 'closed', reason: error.message }));
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      settle(raw.abortAfter !== undefined ? { kind: 'aborted' } : { kind: 'closed', reason: error.message });
    });
    if (raw.abortAfter !== undefined && raw.body) {
      req.write(raw.body.subarray(0, raw.abortAfter), () => setTimeout(() => (clearTimeout(timer), req.destroy(), settle({ kind: 'aborted' })), 5));
      return;
    }
    req.end(raw.body);
  });
}
