import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express, Request, Response } from 'express';
import { JsonExpressAdapter } from '../../src/infrastructure/http/json-adapter';

describe('the HTTP server of the JSON adapter', () => {
  let server: Server;
  let app: Express;
  let base: string;
  /** The prototypes a request and its response were made with, before Express saw them. */
  const made: { request: object; response: object }[] = [];

  beforeAll(async () => {
    const adapter = new JsonExpressAdapter();
    adapter.initHttpServer({});
    app = adapter.getInstance<Express>();
    app.get('/probe', (request: Request, response: Response) => {
      response.json({ host: request.get('host'), sameApp: request.app === app && response.app === app, path: request.path });
    });
    server = adapter.getHttpServer() as Server;
    server.prependListener('request', (request, response) => {
      made.push({ request: Object.getPrototypeOf(request) as object, response: Object.getPrototypeOf(response) as object });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('makes requests and responses with Express prototypes, so Express never has to change one', async () => {
    const answer = await fetch(`${base}/probe?x=1`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ host: new URL(base).host, sameApp: true, path: '/probe' });
    expect(made).toEqual([{ request: app.request, response: app.response }]);
  });
});
