import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Per connection, what its `close` ends: one listener per connection however many requests wait. */
const waitingOn = new WeakMap<Socket, Set<() => void>>();

/**
 * Calls `done` once when an exchange is over: its response closed, or its connection closed first.
 *
 * A response queued behind another on the same connection (pipelining) gets the socket only when
 * the one before it finishes. When that one ends the connection (HTTP/1.0, `Connection: close`) or
 * the client hangs up, the queued response never gets it and never emits `close`; whatever waits
 * for that `close` would keep it, and count it in flight, for ever.
 */
export function onExchangeEnd(request: IncomingMessage, response: ServerResponse, done: () => void): void {
  const waiting = waitingSet(request.socket);
  const end = () => {
    waiting.delete(end);
    response.removeListener('close', end);
    done();
  };
  waiting.add(end);
  response.once('close', end);
}

function waitingSet(socket: Socket): Set<() => void> {
  let waiting = waitingOn.get(socket);
  if (!waiting) {
    const ends = new Set<() => void>();
    socket.once('close', () => ends.forEach((end) => end()));
    waitingOn.set(socket, ends);
    waiting = ends;
  }
  return waiting;
}
