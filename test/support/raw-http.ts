import { connect, type Socket } from 'node:net';
import type { TestApp } from './app';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request written by hand on its own socket, so a test can truncate, stall or abort its body. */
export interface RawRequest {
  socket: Socket;
  /** The answer as soon as it has fully arrived; status 0 when the connection closed without one. */
  response: Promise<RawResponse>;
  /** Bytes of the body written so far. */
  sent(): number;
  send(bytes: Buffer): void;
}

export function rawRequest(t: TestApp, head: { method: string; path: string; headers: Record<string, string> }, body: Buffer = Buffer.alloc(0)): RawRequest {
  const { port } = new URL(t.url);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  const lines = [`${head.method} ${head.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...Object.entries(head.headers).map(([k, v]) => `${k}: ${v}`)];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  let sent = 0;
  const send = (bytes: Buffer) => {
    sent += bytes.length;
    socket.write(bytes);
  };
  if (body.length > 0) send(body);
  return { socket, response: readResponse(socket), sent: () => sent, send };
}

function readResponse(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve) => {
    let received = Buffer.alloc(0);
    const parsed = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const [statusLine, ...headerLines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const body = received.subarray(end + 4);
      if (body.length < Number(headers['content-length'] ?? 0)) return undefined;
      return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const response = parsed();
      if (response) resolve(response);
    });
    socket.on('close', () => resolve(parsed() ?? { status: 0, headers: {}, body: '' }));
  });
}

/** A well-formed multipart body of these text and file parts. */
export function multipartOf(fields: Record<string, string>, files: Record<string, Buffer>): { contentType: string; body: Buffer } {
  const boundary = 'hostile-client-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, bytes] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    parts.push(bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

export interface Flood {
  /** The answer, once it has fully arrived; status 0 when the connection closed without one. */
  response: Promise<RawResponse>;
  /** Resolves when the connection has closed, with the bytes the server read from it by then. */
  closed: Promise<{ serverRead: number; afterMs: number }>;
  /** Bytes of the body written so far. */
  sent(): number;
  /** Writes these bytes of the body as they are. */
  send(bytes: Buffer): void;
}

/**
 * A request whose body is written as fast as the server takes it (up to `bodyBytes`), in chunks
 * when `chunked`, else under a `Content-Length` of `bodyBytes`; the body starts only once `startBody`
 * is called. What the server read is taken from its own side of the connection.
 */
export function floodRequest(
  t: TestApp,
  head: { method: string; path: string; headers: Record<string, string> },
  bodyBytes: number,
  chunked = false,
): Flood & { startBody(): void } {
  const server = t.app.getHttpServer() as import('node:http').Server;
  const serverSide = new Promise<Socket>((resolve) => server.once('connection', resolve));
  const framing: Record<string, string> = chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(bodyBytes) };
  const request = rawRequest(t, { ...head, headers: { ...head.headers, ...framing } });
  const started = Date.now();
  const chunk = Buffer.alloc(256 * 1024, 'x');
  const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
  let left = bodyBytes;
  const pump = () => {
    while (left > 0 && !request.socket.destroyed) {
      left -= chunk.length;
      request.send(framed);
      if (request.socket.writableNeedDrain) return void request.socket.once('drain', pump);
    }
  };
  const closed = serverSide.then(
    (socket) => new Promise<{ serverRead: number; afterMs: number }>((resolve) =>
      socket.once('close', () => resolve({ serverRead: socket.bytesRead, afterMs: Date.now() - started })),
    ),
  );
  return { response: request.response, closed, sent: request.sent, send: request.send, startBody: pump };
}
