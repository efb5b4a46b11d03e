import { IncomingMessage, type ServerOptions, ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * The server's options that make its requests and responses Express's own from the start.
 *
 * Express gives every request and response its prototype (`app.request`, `app.response`) with
 * `Object.setPrototypeOf`. On V8 that carried every request's objects into the old generation:
 * with `--trace-gc-nvp`, a plain Node server that changes its requests' prototypes promotes some
 * 2 MiB per young-generation collection, one that does not about 1 KiB. Under load a full
 * collection ran twice a second and its pauses set the p99. Here the server makes them with that
 * prototype already, and Express's call changes nothing.
 */
export function expressMessageOptions(app: Express): ServerOptions {
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
  app.request = adopt(ExpressRequest.prototype, app.request);
  app.response = adopt(ExpressResponse.prototype, app.response);
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse };
}

/** `target`, made to inherit what `source` inherits and to hold what `source` holds (the `app` property). */
function adopt<T extends object>(target: object, source: object): T {
  Object.setPrototypeOf(target, Object.getPrototypeOf(source));
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(source));
  return target as T;
}
