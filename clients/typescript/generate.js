'use strict';
// `npm run client:generate` writes schema.d.ts beside this file from the OpenAPI document of the
// built application (dist/, made by the script's build step).
// `node generate.js --print <document.json>` prints what schema.d.ts should hold for that document:
// the test suite compares it with the committed file (openapi-typescript loads ES modules, which
// plain Node.js requires but jest's module system does not).
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const SCHEMA_FILE = join(__dirname, 'schema.d.ts');
const HEADER = '// Generated from /v1/openapi.json by `npm run client:generate`; do not edit by hand.\n\n';

/** The TypeScript types of an OpenAPI document, as schema.d.ts holds them. */
async function schemaSource(document) {
  const { default: openapiTS, astToString } = require('openapi-typescript');
  const ast = await openapiTS(document, { alphabetize: true, silent: true });
  return HEADER + astToString(ast);
}

async function main(args) {
  if (args[0] === '--print') {
    process.stdout.write(await schemaSource(JSON.parse(readFileSync(args[1], 'utf8'))));
    return;
  }
  const { standaloneOpenApiDocument } = require('../../dist/src/openapi-document');
  writeFileSync(SCHEMA_FILE, await schemaSource(await standaloneOpenApiDocument()));
  console.log(`wrote ${SCHEMA_FILE}`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
