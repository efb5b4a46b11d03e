import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { standaloneOpenApiDocument } from '../../src/openapi-document';

const CLIENT = join(__dirname, '../../clients/typescript');

/** The published client (clients/typescript) cannot drift from the API it calls (decisions §16). */
test('the committed TypeScript client is generated from the current OpenAPI document', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'rp-client-'));
  try {
    const document = join(folder, 'openapi.json');
    await writeFile(document, JSON.stringify(await standaloneOpenApiDocument()));
    const { stdout } = await promisify(execFile)(process.execPath, [join(CLIENT, 'generate.js'), '--print', document], { maxBuffer: 16 << 20 });
    if (stdout !== (await readFile(join(CLIENT, 'schema.d.ts'), 'utf8'))) {
      throw new Error('clients/typescript/schema.d.ts does not match the OpenAPI document: run `npm run client:generate` and commit it');
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
