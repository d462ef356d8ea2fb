/**
 * The fuzz test's requests as values (test/fuzz.test.ts): the shapes it works with, the hostile
 * values and bodies it sends, and the walks over an operation's schema that place them.
 */
import type { OpenAPIV3 } from 'openapi-types';

export type Schema = OpenAPIV3.SchemaObject;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  key: string;
  method: Method;
  /** OpenAPI path, e.g. `/api/auth/location/statesByCountry/{countryId}`. */
  path: string;
  parameters: OpenAPIV3.ParameterObject[];
  /** Body schema by content type. */
  bodies: Record<string, Schema>;
}

export interface FuzzRequest {
  label: string;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/**
 * A path or query value as it travels in a URL. Lone surrogates cannot be percent-encoded
 * as UTF-8, so they go as the bytes a careless client would send (WTF-8, e.g. `%ED%A0%80`).
 */
export function urlEncode(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Values each field, parameter and header is replaced with in turn. */
export const HOSTILE_VALUES: unknown[] = [
  '99999999999',
  99999999999,
  -99999999999,
  2147483648,
  -1,
  0,
  1.5,
  1e308,
  '1e400',
  'NaN',
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '2024-02-31',
  '2023-02-29',
  '0000-00-00',
  '9999-12-31',
  '2024-13-01',
  null,
  true,
  [],
  ['a', 'b'],
  {},
  { nested: { deeper: 'value' } },
  // A JSON document inside a string field (Razorpay's error[metadata]) with NUL and a lone surrogate.
  '{"order_id":"\\u0000","payment_id":"\\ud800"}',
  'x'.repeat(10_000),
];

/** Raw bodies sent with `content-type: application/json`. */
export const JSON_BODIES: [string, string | Buffer][] = [
  ['empty body', ''],
  ['null', 'null'],
  ['an array', '[]'],
  ['an array of objects', '[{}]'],
  ['a string', '"text"'],
  ['a number', '99999999999'],
  ['true', 'true'],
  ['an empty object', '{}'],
  ['truncated JSON', '{"email": "a@b.co", "id": '],
  ['garbage', 'not json at all'],
  [
    'invalid UTF-8',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  ],
  ['a NUL byte', Buffer.from('{"a":"\u0000"}')],
  ['an escaped NUL', '{"email":"a\\u0000@b.co"}'],
  ['an escaped lone surrogate', '{"email":"\\ud800@b.co"}'],
  ['prototype pollution', '{"__proto__": {"isAdmin": true}}'],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
];

/** A value the schema accepts at its type level; `examples` supplies real ones where it matters. */
export function exampleOf(schema: Schema | undefined): unknown {
  if (!schema) return 'text';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleOf(schema.anyOf[0] as Schema);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf((schema as OpenAPIV3.ArraySchemaObject).items as Schema)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          exampleOf(property as Schema),
        ]),
      );
    default:
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email' || schema.pattern?.includes('@')) return 'fuzz@example.com';
      if (schema.pattern?.includes('\\d{6}')) return '123456';
      if (schema.pattern?.includes('\\d{4}-')) return '2022-04-01';
      return 'text';
  }
}

/** Every field path of an object schema, nested objects included (`payload.payment.entity.id`). */
export function fieldPaths(schema: Schema | undefined, prefix: string[] = []): string[][] {
  if (!schema || schema.type !== 'object' || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([name, property]) => [
    [...prefix, name],
    ...fieldPaths(property as Schema, [...prefix, name]),
  ]);
}

/** The schema of the field at `path` of an object schema. */
export function propertyAt(schema: Schema | undefined, path: string[]): Schema | undefined {
  return path.reduce<Schema | undefined>(
    (current, name) => current?.properties?.[name] as Schema | undefined,
    schema,
  );
}

/** Hostile values for the field: for an array field, also each hostile value as its one item. */
export function hostileValuesFor(property: Schema | undefined): unknown[] {
  return property?.type === 'array'
    ? [...HOSTILE_VALUES, ...HOSTILE_VALUES.map((value) => [value])]
    : HOSTILE_VALUES;
}

export function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? base : {};
  return { ...object, [head]: withValue((object as Record<string, unknown>)[head], rest, value) };
}

/** A multipart field value: form fields are text, so everything else becomes its JSON. */
export function formText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? '');
}
