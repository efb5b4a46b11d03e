'use strict';
// The floors of `npm run bench:http`: one constant route answering a user object, each started as
// its own process like the product. FLOOR picks the stack:
// - `product`: NestJS on the product's own adapter and HTTP server (dist/), the product's JSON body
//   reader and heap setting: what a route of the product costs before it does any work. The
//   ratios of the product's routes are read against this one.
// - `nest`: NestJS with its default Express adapter and server, as `NestFactory.create` makes it.
// - `node`: bare `node:http`, the limit of the machine. With WORK_US, it first keeps the CPU busy
//   for that many microseconds, like a route that does that much work: what such a route could
//   reach here at best, framework and all taken away. With BODY_FILE (and CONTENT_TYPE), it answers
//   that file's bytes instead: the same bytes as a route of the product, what answering them costs
//   this machine and its load generator with no application at all.
require('reflect-metadata');
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

const USER = { id: '1234567890123456789', permissions: 1, maxCharacters: 3, activeCharacterId: null, characters: [] };
const PRODUCT = '../dist/src';

class FloorController {
  user() {
    return USER;
  }
}
Controller('floor')(FloorController);
Get()(FloorController.prototype, 'user', Object.getOwnPropertyDescriptor(FloorController.prototype, 'user'));

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

async function productFloor() {
  require(`${PRODUCT}/infrastructure/heap`).limitHeapGrowth();
  const { JsonExpressAdapter } = require(`${PRODUCT}/infrastructure/http/json-adapter`);
  const { jsonBody } = require(`${PRODUCT}/infrastructure/http/json-body`);
  const app = await NestFactory.create(FloorModule, new JsonExpressAdapter(), { logger: false, bodyParser: false });
  app.use(jsonBody(100 * 1024, 10_000));
  return app;
}

async function main() {
  const port = Number(process.env.PORT);
  const floor = process.env.FLOOR ?? 'product';
  if (floor === 'node') {
    const body = process.env.BODY_FILE ? readFileSync(process.env.BODY_FILE) : Buffer.from(JSON.stringify(USER));
    const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';
    const workNs = BigInt(Number(process.env.WORK_US ?? 0) * 1000);
    const server = createServer((request, response) => {
      if (workNs > 0n) work(workNs);
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      response.end(body);
    });
    return server.listen(port, '127.0.0.1');
  }
  const app = floor === 'nest' ? await NestFactory.create(FloorModule, { logger: false }) : await productFloor();
  await app.listen(port, '127.0.0.1');
}

function work(nanoseconds) {
  const started = process.hrtime.bigint();
  while (process.hrtime.bigint() - started < nanoseconds);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
