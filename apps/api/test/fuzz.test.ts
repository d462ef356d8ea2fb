/**
 * Fuzz of every operation of the app's own OpenAPI document: bad input gets a
 * 4xx in the `{isOk: false, message}` envelope, never a 5xx. For each operation the requests
 * are derived from its parameters and body schema: each path, query, header and body field
 * replaced by hostile values (ids beyond PostgreSQL's int4, NUL, unpaired UTF-16 surrogates,
 * impossible dates, wrong types), bodies that are empty, `null`, arrays or garbage, malformed
 * multipart and files that start like an accepted type and then break, then seeded random
 * mixes of these (fast-check). A failure lists every request that got a 5xx.
 *
 * No operation is skipped: the sandbox checkout pages exist because the tests run the sandbox
 * provider, and webhook bodies are signed with its secret so that they reach the code reading
 * them (the signature header is fuzzed on its own).
 */
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_ID_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@festival/shared';
import { build, type TestContext } from './helper.js';
import { hmacHex, insertAttendees } from './ticketing-helpers.js';
import {
  investorForm,
  multipart,
  postInvestor,
  postStartup,
  referenceIds,
  startupForm,
  type ReferenceIds,
} from './registration-helpers.js';
import {
  urlEncode,
  HOSTILE_VALUES,
  JSON_BODIES,
  exampleOf,
  fieldPaths,
  propertyAt,
  hostileValuesFor,
  withValue,
  formText,
  type Schema,
  type Method,
  type Operation,
  type FuzzRequest,
} from './fuzz-values.js';

const SEED = 20241020;
const WEBHOOK = 'POST /api/auth/payment/webhook';
const SIGNATURE_HEADER = 'x-razorpay-signature';
/** Random mixes per operation, on top of the derived cases. */
const RANDOM_RUNS = 25;

let t: TestContext;
let document: OpenAPIV3.Document;
let operations: Operation[];
interface Example {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
}
/** Valid requests per operation key (`POST /api/...`), the base the hostile values replace parts of. */
let examples: Map<string, Example>;
let clientCounter = 0;
let ids: ReferenceIds;

beforeAll(async () => {
  t = await build({ now: () => new Date('2024-09-15T08:00:00Z') });
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const)
      .filter((method) => item?.[method])
      .map((method) => {
        const operation = item![method]!;
        const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {};
        return {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase() as Method,
          path,
          parameters: (operation.parameters ?? []) as OpenAPIV3.ParameterObject[],
          bodies: Object.fromEntries(
            Object.entries(content).map(([type, media]) => [type, media.schema as Schema]),
          ),
        };
      }),
  );

  ids = await referenceIds(t);
  const [attendee] = await insertAttendees(t.app.db, 1);
  examples = new Map<string, Example>([
    ['GET /api/auth/location/statesByCountry/{countryId}', { params: { countryId: String(ids.india) } }],
    ['POST /api/auth/create/StartUpDetailsMaster', { body: startupForm(ids) }],
    ['POST /api/auth/investor', { body: investorForm(ids) }],
    [
      'GET /api/auth/list-by-participant/ticketMaster/{participantCategoryId}',
      { params: { participantCategoryId: '3' } },
    ],
    [
      'POST /api/auth/payment/checkout',
      { body: { startupIds: [attendee], selectedTicket: await ids.ticketOf(3, 'Investor Pass') } },
    ],
    ['GET /api/auth/cms/get-content/{id}', { params: { id: 'about' } }],
    ['GET /api/auth/startup-cms/get-content/{id}', { params: { id: '1' } }],
    ['POST /api/auth/verify-otp/AwardVoting', { body: { email: 'voter@example.com', otp: '123456', id: 1 } }],
    [
      WEBHOOK,
      {
        body: {
          event: 'payment.captured',
          payload: {
            payment: { entity: { id: 'pay_Fuzz', order_id: 'order_Fuzz', amount: 100, status: 'captured' } },
          },
        },
      },
    ],
  ]);
}, 120_000);
afterAll(async () => t?.close());

/** Builds one request of `operation` from parameter values and a body. */
function request(
  operation: Operation,
  label: string,
  values: { params?: Record<string, unknown>; body?: { type: string; payload: string | Buffer } },
): FuzzRequest {
  const example = examples.get(operation.key);
  const value = (parameter: OpenAPIV3.ParameterObject) =>
    values.params && parameter.name in values.params
      ? values.params[parameter.name]
      : (example?.params?.[parameter.name] ?? exampleOf(parameter.schema as Schema));
  let url = operation.path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const text = formText(value(parameter));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, urlEncode(text));
    else if (parameter.in === 'query') query.push(`${parameter.name}=${urlEncode(text)}`);
    else if (parameter.in === 'header') headers[parameter.name] = text;
  }
  if (query.length > 0) url += `?${query.join('&')}`;
  if (values.body) headers['content-type'] = values.body.type;
  // Signed with the sandbox's secret, so that hostile webhook bodies get past the signature
  // check to the code that reads them; the signature header itself is fuzzed unsigned.
  if (operation.key === WEBHOOK && values.body && !(values.params && SIGNATURE_HEADER in values.params)) {
    headers[SIGNATURE_HEADER] = hmacHex(t.config.SANDBOX_PAYMENT_SECRET, values.body.payload);
  }
  return { label, method: operation.method, url, headers, payload: values.body?.payload };
}

/** JSON and multipart encodings of a body value for the content types `operation` accepts. */
async function bodies(
  operation: Operation,
  body: unknown,
  seen = new Set<string>(),
): Promise<{ type: string; payload: string | Buffer }[]> {
  const encoded: { type: string; payload: string | Buffer }[] = [];
  // Form fields are text, so several hostile values (99999999999 and '99999999999') send the
  // same form: `seen` keeps one request per distinct body.
  const once = (key: string) => !seen.has(key) && Boolean(seen.add(key));
  for (const type of Object.keys(operation.bodies)) {
    if (type === 'application/json') {
      const payload = JSON.stringify(body);
      if (once(`json ${payload}`)) encoded.push({ type, payload });
    } else if (type === 'multipart/form-data') {
      const fields = Object.fromEntries(
        Object.entries(typeof body === 'object' && body !== null ? body : { value: body }).map(
          ([name, value]) => [name, formText(value)],
        ),
      );
      if (!once(`form ${JSON.stringify(fields)}`)) continue;
      const form = await multipart(fields);
      encoded.push({ type: form.headers['content-type'], payload: form.payload });
    }
  }
  return encoded;
}

function baseBody(operation: Operation): Record<string, unknown> {
  const schema = operation.bodies['application/json'] ?? operation.bodies['multipart/form-data'];
  return (examples.get(operation.key)?.body ?? exampleOf(schema)) as Record<string, unknown>;
}

/** Fields of a multipart body that take files (`format: binary`, alone or as array items). */
function fileFields(schema: Schema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => {
      const one = property as Schema;
      const item = one.type === 'array' ? ((one as OpenAPIV3.ArraySchemaObject).items as Schema) : one;
      return item.format === 'binary';
    })
    .map(([name]) => name);
}

/** Starts of the file types uploads accept (and one they do not), each followed by junk. */
const FILE_PREFIXES: [string, Buffer][] = [
  ['PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
  ['JPEG', Buffer.from('ffd8ffe000104a464946', 'hex')],
  ['GIF', Buffer.from('GIF89a')],
  ['WebP', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
  ['PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog')],
  ['ZIP', Buffer.from('PK\x03\x04', 'latin1')],
];

/** Each file field sent, with the valid form, files that start like an accepted type and then break. */
async function hostileFiles(operation: Operation): Promise<FuzzRequest[]> {
  const schema = operation.bodies['multipart/form-data']!;
  const fields = Object.fromEntries(
    Object.entries(baseBody(operation)).map(([name, value]) => [name, formText(value)]),
  );
  const junk = fc.sample(fc.uint8Array({ minLength: 0, maxLength: 600 }), { seed: SEED, numRuns: 3 });
  const cases: FuzzRequest[] = [];
  for (const field of fileFields(schema)) {
    for (const [kind, prefix] of FILE_PREFIXES) {
      for (const [index, bytes] of junk.entries()) {
        const content = Buffer.concat([prefix, Buffer.from(bytes)]);
        const form = await multipart({ ...fields, email: `${field}-${kind}-${index}@fuzz.example` }, [
          { field, content, filename: `file.${kind.toLowerCase()}`, type: 'application/octet-stream' },
        ]);
        cases.push(
          request(operation, `file ${field}: ${kind} header + ${bytes.length} junk bytes`, {
            body: { type: form.headers['content-type'], payload: form.payload },
          }),
        );
      }
    }
  }
  return cases;
}

/** Malformed multipart bodies: no boundary, a wrong one, truncated, garbage. */
async function malformedMultipart(operation: Operation): Promise<FuzzRequest[]> {
  const [fileField = 'file'] = fileFields(operation.bodies['multipart/form-data']!);
  const valid = await multipart(
    Object.fromEntries(Object.entries(baseBody(operation)).map(([name, value]) => [name, formText(value)])),
    [
      {
        field: fileField,
        content: Buffer.from('\x89PNG\r\n\x1a\n<html>'),
        filename: 'a.png',
        type: 'image/png',
      },
    ],
  );
  const type = valid.headers['content-type'];
  const boundary = type.split('boundary=')[1]!;
  const cases: [string, string, string | Buffer][] = [
    ['multipart without a boundary', 'multipart/form-data', valid.payload],
    ['multipart with an empty boundary', 'multipart/form-data; boundary=', valid.payload],
    ['multipart with another boundary', 'multipart/form-data; boundary=nothing-like-it', valid.payload],
    [
      'multipart truncated in the middle',
      type,
      valid.payload.subarray(0, Math.floor(valid.payload.length / 2)),
    ],
    ['multipart without its closing boundary', type, valid.payload.subarray(0, valid.payload.length - 8)],
    ['multipart with an empty body', type, ''],
    ['multipart of garbage', type, 'garbage that is not multipart at all'],
    ['multipart part without headers', type, `--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`],
    [
      'multipart part with a NUL in its name',
      type,
      `--${boundary}\r\nContent-Disposition: form-data; name="em\u0000ail"\r\n\r\nx\r\n--${boundary}--\r\n`,
    ],
    [
      'multipart field with invalid UTF-8',
      type,
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="City"\r\n\r\n`),
        Buffer.from([0xed, 0xa0, 0x80, 0x00, 0xff]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    ],
    [
      'multipart field repeated',
      type,
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nc@d.co\r\n--${boundary}--\r\n`,
    ],
  ];
  return cases.map(([label, contentType, payload]) =>
    request(operation, label, { body: { type: contentType, payload } }),
  );
}

/** The derived cases of one operation: each part hostile in turn, then the bodies, then random mixes. */
async function casesOf(operation: Operation): Promise<FuzzRequest[]> {
  const cases: FuzzRequest[] = [];
  const hasBody = Object.keys(operation.bodies).length > 0;
  const base = baseBody(operation);
  const baseBodies = hasBody ? await bodies(operation, base) : [undefined];

  for (const parameter of operation.parameters) {
    for (const value of HOSTILE_VALUES) {
      for (const body of baseBodies) {
        cases.push(
          request(operation, `${parameter.in} ${parameter.name} = ${JSON.stringify(value)?.slice(0, 40)}`, {
            params: { [parameter.name]: value },
            body,
          }),
        );
      }
    }
    for (const raw of ['%', '%zz', '%00', '%ED%A0%80', '%C0%80']) {
      const encoded = request(operation, `${parameter.in} ${parameter.name} raw ${raw}`, {
        params: { [parameter.name]: 'RAW' },
        body: baseBodies[0],
      });
      encoded.url = encoded.url.replace('RAW', raw);
      if (parameter.in !== 'header') cases.push(encoded);
    }
  }

  if (hasBody) {
    const schema = operation.bodies['application/json'] ?? operation.bodies['multipart/form-data'];
    const seen = new Set<string>();
    for (const path of fieldPaths(schema)) {
      for (const value of hostileValuesFor(propertyAt(schema, path))) {
        for (const body of await bodies(operation, withValue(base, path, value), seen)) {
          cases.push(
            request(
              operation,
              `body ${path.join('.')} = ${JSON.stringify(value)?.slice(0, 40)} (${body.type.split(';')[0]})`,
              {
                body,
              },
            ),
          );
        }
      }
    }
    for (const [label, payload] of JSON_BODIES) {
      cases.push(request(operation, `JSON body: ${label}`, { body: { type: 'application/json', payload } }));
    }
    cases.push(request(operation, 'no body, no content type', {}));
    cases.push(request(operation, 'text/plain body', { body: { type: 'text/plain', payload: 'hello' } }));
    cases.push(
      request(operation, 'form-urlencoded body', {
        body: { type: 'application/x-www-form-urlencoded', payload: 'a=%00&b=%ED%A0%80&email[]=x' },
      }),
    );
    if (operation.bodies['multipart/form-data']) {
      cases.push(...(await malformedMultipart(operation)), ...(await hostileFiles(operation)));
    }
  } else {
    cases.push(
      request(operation, 'unexpected JSON null body', {
        body: { type: 'application/json', payload: 'null' },
      }),
    );
  }

  cases.push(...(await randomCases(operation)));
  return cases;
}

/** A string of any UTF-16 code units, lone surrogates and NUL included. */
const anyUtf16 = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\uD800', '\uDFFF', 'a', '9', '-'),
    fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
  ),
  maxLength: 30,
});
const anyValue = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  anyUtf16,
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).map((value) => value.toString()),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Seeded random mixes: every parameter and body field kept or replaced by a random hostile value. */
async function randomCases(operation: Operation): Promise<FuzzRequest[]> {
  const schema = operation.bodies['application/json'] ?? operation.bodies['multipart/form-data'];
  const fields = fieldPaths(schema).filter((path) => path.length === 1);
  const base = baseBody(operation);
  const arbitrary = fc.record({
    params: fc.record(
      Object.fromEntries(operation.parameters.map((parameter) => [parameter.name, fc.option(anyValue)])),
    ),
    body: fc.record(Object.fromEntries(fields.map((path) => [path[0]!, fc.option(anyValue)]))),
  });
  const samples = fc.sample(arbitrary, { seed: SEED + operation.key.length, numRuns: RANDOM_RUNS });
  const cases: FuzzRequest[] = [];
  for (const [index, sample] of samples.entries()) {
    const params = Object.fromEntries(Object.entries(sample.params).filter(([, value]) => value !== null));
    let body: unknown = base;
    for (const [name, value] of Object.entries(sample.body))
      if (value !== null) body = withValue(body, [name], value);
    const encoded = Object.keys(operation.bodies).length > 0 ? await bodies(operation, body) : [undefined];
    for (const one of encoded) cases.push(request(operation, `random mix #${index}`, { params, body: one }));
  }
  return cases;
}

/** Each request from its own loopback address, so per-address rate limits do not hide the handlers. */
function nextClient(): string {
  clientCounter += 1;
  return `127.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

function describeRequest(fuzz: FuzzRequest, status: number, body: string): string {
  const payload =
    fuzz.payload === undefined
      ? ''
      : `\n    body: ${JSON.stringify(Buffer.isBuffer(fuzz.payload) ? fuzz.payload.toString('latin1') : fuzz.payload).slice(0, 400)}`;
  return `[${status}] ${fuzz.label}\n    ${fuzz.method} ${fuzz.url}\n    headers: ${JSON.stringify(fuzz.headers)}${payload}\n    → ${status} ${body.slice(0, 200)}`;
}

/** Whether a 4xx answer is the `{isOk: false, message}` envelope (HTML pages and redirects aside). */
/**
 * Pages for people rather than API answers: a refusal is a page in words, as a browser shows it
 * (the unsubscribe link of a message opens in a browser, and its button posts a form).
 */
const HTML_PAGES = new Set(['POST /api/messages/unsubscribe']);

function isErrorEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { isOk?: unknown; message?: unknown };
    return parsed.isOk === false && typeof parsed.message === 'string' && parsed.message.length > 0;
  } catch {
    return false;
  }
}

describe('fuzz of every OpenAPI operation', () => {
  it('answers every malformed request with a 4xx envelope, never a 5xx', async () => {
    const failures: string[] = [];
    const covered = new Set<string>();
    let sent = 0;
    for (const operation of operations) {
      for (const fuzz of await casesOf(operation)) {
        const response = await t.app.inject({
          method: fuzz.method,
          url: fuzz.url,
          headers: fuzz.headers,
          payload: fuzz.payload,
          remoteAddress: nextClient(),
        });
        sent += 1;
        covered.add(operation.key);
        if (response.statusCode >= 500)
          failures.push(describeRequest(fuzz, response.statusCode, response.body));
        else if (
          response.statusCode >= 400 &&
          !isErrorEnvelope(response.body) &&
          !(HTML_PAGES.has(operation.key) && String(response.headers['content-type']).startsWith('text/html'))
        ) {
          failures.push(
            `not the error envelope: ${describeRequest(fuzz, response.statusCode, response.body)}`,
          );
        }
      }
    }
    expect(failures, `${failures.length} of ${sent} requests failed:\n${failures.join('\n')}`).toEqual([]);
    expect([...covered].sort()).toEqual(operations.map((operation) => operation.key).sort());
    expect(covered.size).toBe(
      Object.values(document.paths).flatMap((item) => Object.keys(item ?? {})).length,
    );
  }, 120_000);
});

describe('each cause the fuzz found answers 400 with a field message', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const post = (url: string, payload: string, type = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });

  it('refuses ids beyond the database column (int4) in paths and bodies', async () => {
    const states = await get('/api/auth/location/statesByCountry/99999999999');
    expect(states.statusCode).toBe(400);
    expect(states.json().errors).toEqual({ countryId: UNKNOWN_ID_MESSAGE });

    const investor = await postInvestor(
      t,
      investorForm(ids, { email: 'big-id@example.com', CountryID: 2147483648 }),
    );
    expect(investor.statusCode).toBe(400);
    expect(investor.json().errors).toEqual({ CountryID: UNKNOWN_ID_MESSAGE });

    const vote = await post(
      '/api/auth/send-otp/AwardVoting',
      JSON.stringify({ email: 'v@example.com', id: 99999999999 }),
    );
    expect(vote.statusCode).toBe(400);
    expect(vote.json().errors).toEqual({ id: UNKNOWN_ID_MESSAGE });
  });

  it('refuses NUL and unpaired surrogates in text fields and path parameters', async () => {
    const investor = await postInvestor(
      t,
      investorForm(ids, { email: 'nul@example.com', name: 'Vikram\u0000Shah', City: 'Vadodara\uD800' }),
    );
    expect(investor.statusCode).toBe(400);
    expect(investor.json()).toEqual({
      isOk: false,
      message: 'Please correct the highlighted fields.',
      errors: { name: UNSAFE_TEXT_MESSAGE, City: UNSAFE_TEXT_MESSAGE },
    });

    const startup = await postStartup(
      t,
      startupForm(ids, { email: 'nul@startup.example', address: 'Sola\u0000' }),
    );
    expect(startup.statusCode).toBe(400);
    expect(startup.json().errors).toEqual({ address: UNSAFE_TEXT_MESSAGE });

    for (const url of [
      '/api/auth/payment/orders/a%00b',
      '/api/auth/cms/get-content/%00',
      '/api/auth/payment/sandbox/x%00',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.values(response.json().errors), url).toEqual([UNSAFE_TEXT_MESSAGE]);
    }
  });

  it('refuses phone fields of another type before the phone rule reads them', async () => {
    for (const contactNo of [true, {}, ['98765', '43210']]) {
      const response = await postInvestor(
        t,
        investorForm(ids, { email: 'typed-phone@example.com', contactNo, countryCode: ['+91'] }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual(['contactNo', 'countryCode']);
    }
  });

  it('refuses impossible calendar dates that Date.parse accepts', async () => {
    for (const yearFounded of ['2024-02-31', '2023-02-29', '2024-04-31', '0000-01-01']) {
      const response = await postStartup(
        t,
        startupForm(ids, { email: `date-${yearFounded}@startup.example`, yearFounded }),
      );
      expect(response.statusCode, yearFounded).toBe(400);
      expect(response.json().errors, yearFounded).toEqual({
        yearFounded: 'Establishment Date of Startup must be a real date (YYYY-MM-DD)',
      });
    }
    const leapDay = await postStartup(
      t,
      startupForm(ids, { email: 'leap@startup.example', yearFounded: '2024-02-29' }),
    );
    expect(leapDay.statusCode, leapDay.body).toBe(200);
  });

  it('refuses empty, null and non-object bodies on the registration routes', async () => {
    for (const url of ['/api/auth/investor', '/api/auth/create/StartUpDetailsMaster']) {
      for (const payload of ['null', '[]', '"text"']) {
        const response = await post(url, payload);
        expect(response.statusCode, `${url} ${payload}`).toBe(400);
        expect(response.json(), `${url} ${payload}`).toEqual({
          isOk: false,
          message: 'Please correct the highlighted fields.',
          errors: { _form: expect.stringMatching(/^Invalid input: expected object/) },
        });
      }
      const empty = await t.app.inject({ method: 'POST', url });
      expect(empty.statusCode, url).toBe(400);
    }
  });

  it('refuses malformed multipart: no boundary, another boundary, truncated', async () => {
    const form = await multipart(startupForm(ids, { email: 'multipart@startup.example' }));
    const type = form.headers['content-type'];
    const cases: [string, string | Buffer][] = [
      ['multipart/form-data', form.payload],
      ['multipart/form-data; boundary=another', form.payload],
      [type, form.payload.subarray(0, form.payload.length / 2)],
      [type, form.payload.subarray(0, form.payload.length - 8)],
    ];
    for (const [contentType, payload] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/create/StartUpDetailsMaster',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, contentType).toBe(400);
      expect(response.json()).toEqual({
        isOk: false,
        message: 'The form could not be read (incomplete or malformed). Please send it again.',
      });
    }
  });

  it('answers URLs the router cannot read in the envelope', async () => {
    const badEncoding = await get('/api/auth/payment/orders/%zz');
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ isOk: false, message: 'The address is not valid.' });
    const tooLong = await get(`/api/auth/payment/orders/${'x'.repeat(500)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ isOk: false, message: 'The address is too long.' });
  });
});
