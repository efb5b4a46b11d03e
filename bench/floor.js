'use strict';
// The floor of the stack for `npm run bench:http`: a bare NestJS + Express application with one
// route that answers a constant user object. Started as its own process, like the product.
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

const USER = { id: '1234567890123456789', permissions: 1, maxCharacters: 3, activeCharacterId: null, characters: [] };

class FloorController {
  user() {
    return USER;
  }
}
Controller('floor')(FloorController);
Get()(FloorController.prototype, 'user', Object.getOwnPropertyDescriptor(FloorController.prototype, 'user'));

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

async function main() {
  const app = await NestFactory.create(FloorModule, { logger: false });
  await app.listen(Number(process.env.PORT), '127.0.0.1');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
