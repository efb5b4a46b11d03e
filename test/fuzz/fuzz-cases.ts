import fc from 'fast-check';
import { type Body, jsonBody, multipartBody } from './hostile-bodies';
import { type Credential, credential, hostileQuery, type KnownIds, pathValue } from './hostile-values';
import { type Operation, operationName } from './openapi';

/** One hostile request against one operation of the document. */
export interface FuzzCase {
  operation: string;
  method: string;
  target: string;
  credential: Credential;
  body?: Body;
  /** The operation reads a JSON body: one §7 refuses (polluted, too deep) must not be accepted. */
  takesJson: boolean;
  /** Fraction of the body sent before the client destroys the connection. */
  abortAt?: number;
}

function pathOf(operation: Operation, known: KnownIds): fc.Arbitrary<string> {
  const values = Object.fromEntries(operation.pathParams.map((name) => [name, pathValue(name, known)]));
  return fc.record(values).map((chosen) => operation.path.replace(/\{(\w+)\}/g, (_, name: string) => chosen[name]));
}

function bodyOf(operation: Operation, ids: string[]): fc.Arbitrary<Body | undefined> {
  const choices: fc.Arbitrary<Body | undefined>[] = [];
  if (operation.json) choices.push(jsonBody(operation.json, ids), jsonBody(operation.json, ids));
  if (operation.multipart) choices.push(multipartBody(operation.multipart, ids), multipartBody(operation.multipart, ids));
  if (!choices.length) return fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: jsonBody({ type: 'object' }, ids), weight: 1 });
  return fc.oneof(...choices);
}

export function fuzzCase(operations: Operation[], known: KnownIds): fc.Arbitrary<FuzzCase> {
  const ids = Object.values(known).flat();
  return fc.constantFrom(...operations).chain((operation) =>
    fc.record({
      operation: fc.constant(operationName(operation)),
      method: fc.constant(operation.method),
      target: fc.tuple(pathOf(operation, known), hostileQuery(operation.queryParams)).map(([path, query]) => path + query),
      credential,
      body: bodyOf(operation, ids),
      takesJson: fc.constant(Boolean(operation.json)),
      abortAt: fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary: fc.double({ min: 0, max: 0.99, noNaN: true }), weight: 1 }),
    }),
  );
}

/** The case as a readable line, for failure reports. */
export function describeCase(c: FuzzCase): string {
  const body = c.body ? ` body=${c.body.kind} ${c.body.contentType ?? '(no type)'} ${c.body.bytes.length}B ${JSON.stringify(c.body.bytes.subarray(0, 160).toString())}` : '';
  const abort = c.abortAt !== undefined ? ` aborted at ${Math.round(c.abortAt * 100)}%` : '';
  return `${c.method} ${c.target.slice(0, 300)} as ${c.credential.kind}${body}${abort}`;
}
