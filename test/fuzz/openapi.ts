/** The operations of the running app's OpenAPI document, in the shape the fuzzer needs. */

export interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  $ref?: string;
}

export interface Operation {
  method: string;
  /** The templated path, e.g. `/v1/banks/{bankId}`: the operation's name in reports. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON body's schema (references resolved), when the operation takes JSON. */
  json?: Schema;
  /** The multipart body's schema, when the operation takes uploads. */
  multipart?: Schema;
  secured: boolean;
}

interface Document {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface RawOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}

export function operationsOf(document: Document): Operation[] {
  const resolve = resolver(document.components?.schemas ?? {});
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]) => {
      const names = (where: string) => (raw.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      const content = raw.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        pathParams: names('path'),
        queryParams: names('query'),
        json: content['application/json'] && resolve(content['application/json'].schema),
        multipart: content['multipart/form-data'] && resolve(content['multipart/form-data'].schema),
        secured: (raw.security ?? []).length > 0,
      };
    }),
  );
}

/** Inlines `$ref`s and flattens `oneOf` into one object schema holding every variant's fields. */
function resolver(schemas: Record<string, Schema>): (schema: Schema) => Schema {
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) return resolve(schemas[schema.$ref.split('/').pop()!]);
    if (schema.oneOf) {
      const variants = schema.oneOf.map(resolve);
      return { type: 'object', properties: Object.assign({}, ...variants.map((v) => v.properties ?? {})) };
    }
    const properties = schema.properties
      ? Object.fromEntries(Object.entries(schema.properties).map(([name, value]) => [name, resolve(value)]))
      : undefined;
    return { ...schema, properties, items: schema.items && resolve(schema.items) };
  };
  return resolve;
}

/** `METHOD /path`, the name reports and allowlists use. */
export function operationName(operation: Pick<Operation, 'method' | 'path'>): string {
  return `${operation.method} ${operation.path}`;
}
