import type { ServerResponse } from 'node:http';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer in one write (headers and body together), with its length. Express's `res.json`
 * does the same in far more steps: it looks up app settings, parses and rebuilds the Content-Type
 * to add a charset, checks freshness for a 304 (which only a conditional request can earn, and
 * those keep `res.json`: see `JsonExpressAdapter.reply`), and copies the text into a Buffer that
 * then goes out as a second chunk.
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', JSON_CONTENT_TYPE);
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}
