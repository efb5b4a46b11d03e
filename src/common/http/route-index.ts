import type { NextFunction, Request, Response, Router as ExpressRouter } from 'express';
import { Router } from 'express';

type Layer = ExpressRouter['stack'][number];

/**
 * Express tries a request against every route in turn, a path match each: with some ninety routes,
 * a request for a late one paid for thirty failed matches before its own. This puts each run of
 * consecutive routes behind one layer that sends a request on to the routes of its own group only,
 * the group being the first two path segments (`v1/users`, `v1/banks`, `dev/chatapp`). Within a
 * group the routes keep their order, and routes of different groups never match the same request,
 * so every request reaches exactly the routes it reached before, in the same order. Matching is
 * Express's own (case-insensitive, trailing slash optional). Run once every route is registered.
 */
export function indexRoutes(router: Pick<ExpressRouter, 'stack'>): void {
  const stack: Layer[] = [];
  let run: Layer[] = [];
  const endRun = () => {
    stack.push(...(run.length > 1 ? [dispatchLayer(run)] : run));
    run = [];
  };
  for (const layer of router.stack) {
    if (layer.route && groupOfRoute(layer.route.path) !== undefined) {
      run.push(layer);
    } else {
      endRun();
      stack.push(layer);
    }
  }
  endRun();
  router.stack.splice(0, router.stack.length, ...stack);
}

/** The layer standing for `routes`: one router per group behind a lookup of the request's group. */
function dispatchLayer(routes: Layer[]): Layer {
  const groups = new Map<string, ExpressRouter>();
  for (const layer of routes) {
    const key = groupOfRoute(layer.route!.path)!;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = Router()));
    group.stack.push(layer);
  }
  const dispatch = (request: Request, response: Response, next: NextFunction): void => {
    const group = groups.get(groupOf(request.path));
    if (group) group(request, response, next);
    else next();
  };
  const holder = Router();
  holder.use(Object.assign(dispatch, { routes }));
  return holder.stack[0];
}

/** Every route layer of the app's router, in order, those behind an index included. */
export function routesOf(router: Pick<ExpressRouter, 'stack'>): Layer[] {
  return router.stack.flatMap((layer) => (layer.route ? [layer] : ((layer.handle as { routes?: Layer[] }).routes ?? [])));
}

/** A route's group, or undefined when its first two segments are not both literal. */
function groupOfRoute(path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const key = groupOf(path);
  return /^[\w.-]+\/[\w.@-]+$/.test(key) ? key : undefined;
}

/** The first two segments of a path, lowercased as Express matches: `/v1/Users/@me` -> `v1/users`. */
function groupOf(path: string): string {
  const second = path.indexOf('/', 1);
  if (second === -1) return path.slice(1).toLowerCase();
  const third = path.indexOf('/', second + 1);
  return path.slice(1, third === -1 ? undefined : third).toLowerCase();
}
