// Bad input generated from the published OpenAPI document: for every operation, requests with
// wrong types, missing and extra fields, huge and odd strings, broken JSON, wrong media types,
// encoded paths and bad tokens. Transport-free, so the server test sends them through
// `app.inject` and the bench through a socket to a started instance. Seeded: the same seed
// gives the same requests.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TCaptchaChallenge } from '@portal/contracts/auth';
import { solveAltcha } from './altcha.ts';

export type BadRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** what was broken, for the failure report */
  label: string;
};
export type Answer = { status: number; contentType: string; body: string };
export type Send = (request: BadRequest) => Promise<Answer>;
export type Credentials = {
  player: string;
  staff: string;
  apiKey: string;
  /** real ids the requests put where a route wants one, so bad input gets past "not found" */
  ids?: { userId?: string; paymentId?: string; ticketId?: string; project?: string; priceId?: string };
};

// --- OpenAPI as far as the generator reads it ---------------------------------------------

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: Schema };
type OperationObject = {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, OperationObject>> };

export type Operation = {
  method: string;
  /** as the document writes it: /api/payments/get/{id} */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: Schema;
  /** the summary says the body is multipart/form-data (not described by the schema) */
  multipart: boolean;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        multipart: /multipart/i.test(op.summary ?? ''),
      });
    }
  }
  return operations;
}

// --- seeded randomness -------------------------------------------------------------------

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

// --- values ------------------------------------------------------------------------------

const HUGE = 100 * 1024;
const NIL_UUID_V4 = '00000000-0000-4000-8000-000000000000';

/** Strings that break naive code: control and direction marks, surrogates, paths, injections. */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  '😀👍🏽👨‍👩‍👧',
  '\ud800',
  'x\udfffy',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e999',
  '0x7fffffff',
  '１２３',
  'e\u0301\u0301\u0301\u0301',
  'line\r\nInjected: header',
  '\t\n\v\f\r',
  'a'.repeat(4097),
  'ß'.repeat(300),
];

/** Values that are the wrong JSON type for a field of `schema`. */
function wrongTypes(schema: Schema): unknown[] {
  const kinds = typesOf(schema);
  const values: unknown[] = [null, [], {}, ['a', 1], { a: { b: [1] } }, { __proto__: { polluted: true } }];
  if (!kinds.includes('string')) values.push('abc', '1', '', 'true');
  if (!kinds.includes('number') && !kinds.includes('integer')) values.push(0, -1, 1.5, 1e308);
  if (!kinds.includes('boolean')) values.push(true, false);
  return values;
}

/** Numbers out of range for a numeric field. */
const ODD_NUMBERS: readonly unknown[] = [
  -1,
  0,
  1.5,
  -0.000001,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -1e308,
  1e20,
  '99999999999999999999',
  '1',
  'NaN',
  'Infinity',
];

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [];
  return alternatives.flatMap(typesOf);
}

const PATTERN_CANDIDATES = [
  'familytown',
  'Secret2024',
  'bad-input@example.com',
  '123456',
  'en',
  `${NIL_UUID_V4}.pdf`,
  '0'.repeat(64),
  NIL_UUID_V4,
  'abc',
  'A-b_c.d',
];

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

/** A value `schema` accepts, as far as a simple reading of it allows. */
export function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return sampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0]);
  const type = typesOf(schema).find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => sampleOf(schema.items)) : [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) value[key] = sampleOf(property);
      return value;
    }
    default:
      return sampleString(schema);
  }
}

function sampleString(schema: Schema): string {
  if (schema.format === 'uuid') return NIL_UUID_V4;
  if (schema.format === 'email') return 'bad-input@example.com';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/bad-input';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.pattern) {
    const found = PATTERN_CANDIDATES.find((candidate) => matches(schema.pattern as string, candidate));
    if (found) return found;
  }
  const length = Math.min(Math.max(schema.minLength ?? 1, 3), schema.maxLength ?? 3);
  return 'abcdefghij'.repeat(Math.ceil(length / 10)).slice(0, length);
}

/** Bad values for one field: wrong types, odd and huge strings, odd numbers. */
function badValues(schema: Schema): unknown[] {
  const kinds = typesOf(schema);
  const values = [...wrongTypes(schema), ...ODD_STRINGS, 'x'.repeat(HUGE), '😀'.repeat(HUGE / 4)];
  if (kinds.includes('number') || kinds.includes('integer')) values.push(...ODD_NUMBERS);
  if (schema.maxLength !== undefined) values.push('a'.repeat(schema.maxLength + 1));
  return values;
}

/** encodeURIComponent, but a lone surrogate goes out as its raw (invalid) UTF-8 bytes instead of throwing. */
function encodePathValue(value: string): string {
  return value.replace(/[\s\S]/gu, (char) => {
    if (char.length === 1 && char >= '\ud800' && char <= '\udfff') {
      const code = char.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  });
}

/** A query or path value as text: what a client puts in a URL. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

// --- requests ----------------------------------------------------------------------------

export type GenerateOptions = {
  seed?: number;
  /** random requests are added until every operation has at least this many */
  perOperation?: number;
  /** which operations to make requests for (default: all) */
  only?: (operation: Operation) => boolean;
};

type Auth = 'player' | 'staff' | 'apiKey' | 'none';

/** Which credential the operation's callers carry: staff routes a staff token, game servers an API key. */
function authOf(operation: Operation): Auth {
  if (operation.path === '/api/staff/login') return 'none';
  if (operation.path.startsWith('/api/staff/')) return 'staff';
  if (operation.path.startsWith('/api/v1/')) return 'apiKey';
  return 'player';
}

/** Operations that end the credentials the others use (or what they own) go last. */
export const isDestructive = (operation: Operation): boolean => /logout|delete-account|revoke|disable/.test(operation.path);

/** Every operation's bad requests, in a fixed order for a given seed and credentials. */
export function badRequests(doc: OpenApiDocument, credentials: Credentials, options: GenerateOptions = {}): BadRequest[] {
  const random = seededRandom(options.seed ?? 1);
  const perOperation = options.perOperation ?? 150;
  const operations = operationsOf(doc)
    .filter(options.only ?? (() => true))
    .sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)));
  return operations.flatMap((operation) => requestsFor(operation, credentials, random, perOperation));
}

/** A real value for a parameter or field of this name, where the product has one. */
function knownValue(operation: Operation, name: string, ids: NonNullable<Credentials['ids']>): string | undefined {
  if (name === 'paymentId' || (name === 'id' && operation.path.includes('/payments/'))) return ids.paymentId;
  if ((name === 'id' || name === 'ticketId') && operation.path.includes('ticket')) return ids.ticketId;
  if (name === 'userId') return ids.userId;
  if (name === 'project' || name === 'projectName') return ids.project ?? 'familytown';
  if (name === 'priceId') return ids.priceId ?? 'ft-coins-100';
  return undefined;
}

function requestsFor(operation: Operation, credentials: Credentials, random: Random, perOperation: number): BadRequest[] {
  const auth = authOf(operation);
  const validAuth: Record<string, string> = auth === 'none' ? {} : { authorization: `Bearer ${credentials[auth]}` };
  const ids = credentials.ids ?? {};
  const valueOf = (param: Parameter) => knownValue(operation, param.name, ids) ?? asText(sampleOf(param.schema));
  const pathValues = Object.fromEntries(operation.pathParams.map((p) => [p.name, valueOf(p)]));
  const queryValues = Object.fromEntries(operation.queryParams.filter((p) => p.required).map((p) => [p.name, valueOf(p)]));
  let bodyValue = operation.body ? sampleOf(operation.body) : undefined;
  if (bodyValue && typeof bodyValue === 'object' && !Array.isArray(bodyValue)) {
    const filled = { ...(bodyValue as Record<string, unknown>) };
    for (const key of Object.keys(filled)) filled[key] = knownValue(operation, key, ids) ?? filled[key];
    bodyValue = filled;
  }
  const hasBody = operation.method !== 'GET';

  const pathOf = (values: Record<string, string>, encode = true) =>
    operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
      const value = values[name] ?? 'x';
      return encode ? encodePathValue(value) : value;
    });
  const queryOf = (values: Record<string, string | string[]>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  };
  const jsonHeaders = (headers: Record<string, string> = validAuth) => ({ ...headers, 'content-type': 'application/json' });

  type Parts = {
    path?: string;
    query?: string;
    headers?: Record<string, string>;
    body?: string | null;
    method?: string;
  };
  const make = (label: string, parts: Parts = {}): BadRequest => {
    const body =
      parts.body === null ? undefined : (parts.body ?? (hasBody && bodyValue !== undefined ? JSON.stringify(bodyValue) : undefined));
    const headers = parts.headers ?? (body !== undefined ? jsonHeaders() : validAuth);
    return {
      method: parts.method ?? operation.method,
      url: (parts.path ?? pathOf(pathValues)) + (parts.query ?? queryOf(queryValues)),
      headers,
      ...(body !== undefined ? { body } : {}),
      label: `${operation.method} ${operation.path}: ${label}`,
    };
  };

  const requests: BadRequest[] = [];
  const add = (label: string, parts?: Parts) => requests.push(make(label, parts));

  // Bad tokens and API keys.
  for (const [name, header] of badAuthorizations(credentials)) {
    add(`authorization ${name}`, {
      headers: { ...(header ? { authorization: header } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    });
  }
  add('?jwt= junk and no header', {
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    query: queryOf({ ...queryValues, jwt: 'junk.junk.junk' }),
  });
  add('?jwt= a real token and no header', {
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    query: queryOf({ ...queryValues, jwt: credentials.player }),
  });
  add('?jwt= junk beside the header', { query: queryOf({ ...queryValues, jwt: '\u0000' }) });

  // The path written other ways.
  const plain = pathOf(pathValues);
  for (const [name, variant] of pathVariants(plain)) add(`path ${name}`, { path: variant });
  for (const method of ['HEAD', 'OPTIONS', 'DELETE', 'PATCH', 'PUT', 'POST', 'GET']) {
    if (method !== operation.method) add(`method ${method}`, { method, body: method === 'GET' || method === 'HEAD' ? null : undefined });
  }

  // Odd values of every path parameter.
  for (const param of operation.pathParams) {
    for (const value of [...ODD_STRINGS, 'x'.repeat(5000), NIL_UUID_V4, '1', '-1', '0'.repeat(40)]) {
      add(`path ${param.name}=${preview(value)}`, { path: pathOf({ ...pathValues, [param.name]: value }) });
    }
    for (const raw of ['%ZZ', '%', '%E0%A4%A', '..%2F..%2F', '%2e%2e', '%252e', '%C0%AE']) {
      add(`path ${param.name} raw ${raw}`, { path: pathOf({ ...pathValues, [param.name]: raw }, false) });
    }
  }

  // Query parameters: each one wrong, missing, repeated, nested; extra ones.
  for (const param of operation.queryParams) {
    for (const value of badValues(param.schema ?? {})) {
      add(`query ${param.name}=${preview(value)}`, { query: queryOf({ ...queryValues, [param.name]: asText(value) }) });
    }
    add(`query ${param.name} repeated`, { query: queryOf({ ...queryValues, [param.name]: ['a', 'b'] }) });
    add(`query ${param.name}[] nested`, { query: `${queryOf(queryValues) || '?'}&${param.name}[a][b]=1` });
    if (param.required) {
      const rest = { ...queryValues };
      delete rest[param.name];
      add(`query ${param.name} missing`, { query: queryOf(rest) });
    }
  }
  for (const raw of [
    '?%',
    '?%ZZ=1',
    '?a=%E0%A4%A',
    '?__proto__[x]=1',
    '?constructor[prototype][x]=1',
    `?x=${'y'.repeat(HUGE)}`,
    '?&&&==&=',
  ]) {
    add(`query raw ${preview(raw)}`, { query: `${queryOf(queryValues)}${queryOf(queryValues) ? raw.replace('?', '&') : raw}` });
  }

  // Odd header values the product reads.
  for (const header of ['project', 'session', 'frontend-language', 'temp-user-id', 'source', 'locale', 'x-forwarded-for', 'x-request-id']) {
    for (const value of ['', ' ', '../..', "'--", 'a'.repeat(8000), '%00', 'null', '{"a":1}']) {
      add(`header ${header}=${preview(value)}`, { headers: { ...(hasBody ? jsonHeaders() : validAuth), [header]: value } });
    }
  }

  for (const value of ['br;q=junk, *', 'gzip;q=2, identity;q=0', 'x-unknown', '*;q=0']) {
    add(`accept-encoding ${value}`, { headers: { ...(hasBody ? jsonHeaders() : validAuth), 'accept-encoding': value } });
  }

  if (hasBody) {
    // A body that says it is compressed and is not, or in an encoding nobody knows.
    for (const encoding of ['gzip', 'deflate', 'br', 'x-unknown', 'gzip, gzip', 'identity']) {
      add(`content-encoding ${encoding}`, { headers: { ...jsonHeaders(), 'content-encoding': encoding } });
    }
    // The body as a whole: broken JSON, wrong media types, wrong shapes, too big.
    for (const [name, text] of brokenBodies(bodyValue)) add(`body ${name}`, { body: text });
    for (const [name, type, text] of wrongMediaTypes(bodyValue)) {
      add(`content-type ${name}`, { headers: { ...validAuth, ...(type ? { 'content-type': type } : {}) }, body: text });
    }
    if (operation.multipart) {
      for (const [name, type, text] of multipartBodies(ids.ticketId ?? NIL_UUID_V4))
        add(`multipart ${name}`, { headers: { ...validAuth, 'content-type': type }, body: text });
    }
    // Each field: wrong, missing; extra fields.
    const schema = operation.body;
    const fields = Object.entries(schema?.properties ?? {});
    const base = (bodyValue && typeof bodyValue === 'object' && !Array.isArray(bodyValue) ? bodyValue : {}) as Record<string, unknown>;
    for (const [field, fieldSchema] of fields) {
      for (const value of badValues(fieldSchema)) {
        add(`body ${field}=${preview(value)}`, { body: JSON.stringify({ ...base, [field]: value }) });
      }
      const rest = { ...base };
      delete rest[field];
      add(`body ${field} missing`, { body: JSON.stringify(rest) });
      for (const [inner, innerSchema] of Object.entries(fieldSchema.properties ?? {})) {
        for (const value of [null, 'x'.repeat(HUGE), ...wrongTypes(innerSchema).slice(0, 4), '\u0000']) {
          add(`body ${field}.${inner}=${preview(value)}`, {
            body: JSON.stringify({ ...base, [field]: { ...(base[field] as object), [inner]: value } }),
          });
        }
      }
    }
    add('body with an extra field', { body: JSON.stringify({ ...base, extra: 'x', isAdmin: true, role: 'admin' }) });
    add('body with 1000 extra fields', {
      body: JSON.stringify({ ...base, ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i])) }),
    });
    add('body with __proto__', { body: `{"__proto__":{"isAdmin":true},${JSON.stringify(base).slice(1)}` });
  }

  // Random mixes until the operation has its share.
  while (requests.length < perOperation) {
    const mutations: Array<() => Parts> = [
      () => ({ body: JSON.stringify(randomValue(random, 3)) }),
      () => ({
        query: queryOf({
          ...queryValues,
          [pick(random, [...operation.queryParams.map((p) => p.name), 'x', 'jwt'])]: asText(randomValue(random, 2)),
        }),
      }),
      () => ({ path: pathOf(Object.fromEntries(Object.keys(pathValues).map((k) => [k, randomString(random)]))) }),
      () => ({
        headers: {
          ...(hasBody ? jsonHeaders() : validAuth),
          authorization: `Bearer ${randomString(random).replace(/[^\x21-\x7e]/g, 'A') || 'A'}`,
        },
      }),
      () => {
        const fields = Object.keys(operation.body?.properties ?? {});
        const field = fields.length ? pick(random, fields) : 'x';
        return { body: JSON.stringify({ ...(bodyValue as object), [field]: randomValue(random, 2) }) };
      },
    ];
    const parts = pick(random, mutations)();
    if (!hasBody && parts.body !== undefined) parts.body = null;
    add('random', parts);
  }
  return requests;
}

function preview(value: unknown): string {
  const text = asText(value);
  return text.length > 40 ? `${JSON.stringify(text.slice(0, 20))}… (${text.length} chars)` : JSON.stringify(text);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Authorization headers that must all be refused with a 4xx. */
function badAuthorizations(credentials: Credentials): Array<[string, string | undefined]> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: '1', userId: '1', iat: now - 7200, exp: now - 3600, role: 'admin' };
  const flipped = (token: string) => token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
  const [head = '', payload = ''] = credentials.player.split('.');
  return [
    ['none', undefined],
    ['empty', ''],
    ['Bearer only', 'Bearer'],
    ['Bearer space', 'Bearer '],
    ['junk', 'Bearer junk'],
    ['three dots', 'Bearer a.b.c'],
    ['alg none', `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`],
    ['forged HS256', `Bearer ${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ ...claims, exp: now + 3600 })}.${'A'.repeat(43)}`],
    ['expired claims', `Bearer ${head}.${base64url(claims)}.${'A'.repeat(86)}`],
    ['kid traversal', `Bearer ${base64url({ alg: 'EdDSA', kid: '../../../../etc/passwd' })}.${payload}.AAAA`],
    ['player signature changed', `Bearer ${flipped(credentials.player)}`],
    ['staff signature changed', `Bearer ${flipped(credentials.staff)}`],
    ['API key changed', `Bearer ${flipped(credentials.apiKey)}`],
    ['API key prefix only', `Bearer ${credentials.apiKey.split('_').slice(0, 2).join('_')}_`],
    ['unknown API key', 'Bearer ppk_000000000000_0000000000000000'],
    ['player token as staff or key', `Bearer ${credentials.player}`],
    ['staff token as player or key', `Bearer ${credentials.staff}`],
    ['API key as a token', `Bearer ${credentials.apiKey}`],
    ['Basic', `Basic ${Buffer.from('admin:admin').toString('base64')}`],
    ['two tokens', `Bearer ${credentials.player} ${credentials.staff}`],
    ['huge', `Bearer ${'A'.repeat(8000)}`],
    ['JSON', 'Bearer {"sub":"1"}'],
    ['lowercase scheme', `bearer ${credentials.player.slice(1)}`],
  ];
}

/** The same route written other ways: encoded letters, doubled slashes, dots, case. */
function pathVariants(path: string): Array<[string, string]> {
  return [
    ['first letter encoded', path.replace('/api/', '/%61pi/')],
    ['slash encoded', path.replace('/api/', '/api%2F')],
    ['double slash before', `/${path}`],
    ['double slash inside', path.replace('/api/', '/api//')],
    ['trailing slash', `${path}/`],
    ['trailing dot', `${path}.`],
    ['trailing %2e', `${path}%2e`],
    ['dot segment', path.replace('/api/', '/api/./')],
    ['parent segment', path.replace('/api/', '/api/x/../')],
    ['upper case', path.toUpperCase()],
    ['matrix parameter', `${path};jsessionid=1`],
    ['NUL', `${path}%00`],
    ['encoded NUL inside', path.replace('/api/', '/api%00/')],
    ['overlong UTF-8 slash', path.replace('/api/', '/api%C0%AF')],
    ['unicode', `${path}/%E2%84%8C%E2%80%AE`],
    ['backslash encoded', path.replace('/api/', '/api%5C')],
  ];
}

function brokenBodies(value: unknown): Array<[string, string]> {
  const json = JSON.stringify(value ?? {});
  return [
    ['empty', ''],
    ['whitespace', '   \n'],
    ['unclosed object', '{'],
    ['cut short', json.slice(0, Math.max(1, Math.floor(json.length / 2)))],
    ['trailing comma', '{"a":1,}'],
    ['single quotes', "{'a':1}"],
    ['NaN literal', '{"a":NaN}'],
    ['comment', '{/* x */}'],
    ['BOM', `\ufeff${json}`],
    ['NUL byte', `${json}\u0000`],
    ['two documents', `${json}${json}`],
    ['null', 'null'],
    ['true', 'true'],
    ['number', '12345678901234567890'],
    ['string', '"text"'],
    ['array', `[${json}]`],
    ['deeply nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['arrays nested 400,000 deep', `${'['.repeat(400_000)}${']'.repeat(400_000)}`],
    ['deeply nested objects', `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`],
    ['lone surrogate escape', '{"a":"\\ud800"}'],
    ['NUL escape', '{"a":"\\u0000"}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
    ['duplicate keys', json.length > 2 ? `${json.slice(0, -1)},${json.slice(1)}` : '{"a":1,"a":2}'],
    ['too large', `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`],
  ];
}

function wrongMediaTypes(value: unknown): Array<[string, string | undefined, string]> {
  const json = JSON.stringify(value ?? {});
  return [
    ['missing', undefined, json],
    ['text/plain', 'text/plain', json],
    ['form', 'application/x-www-form-urlencoded', 'a=1&b=2'],
    ['xml', 'application/xml', '<a>1</a>'],
    ['octet-stream', 'application/octet-stream', '\u0000\u0001\u0002'],
    ['json with charset utf-7', 'application/json; charset=utf-7', json],
    ['json with charset latin1', 'application/json; charset=latin1', json],
    ['json with junk parameters', 'application/json; ;;=; boundary', json],
    ['json suffix', 'application/merge-patch+json', json],
    ['multipart without boundary', 'multipart/form-data', json],
    ['multipart with a wrong boundary', 'multipart/form-data; boundary=zzz', json],
    ['empty', '', json],
    ['junk', '%%%/%%%', json],
    ['huge', `application/json; x=${'a'.repeat(4000)}`, json],
  ];
}

/** Multipart bodies for the routes that take a `data` JSON field and files. */
function multipartBodies(ticketId: string): Array<[string, string, string]> {
  const boundary = 'badinputboundary';
  const type = `multipart/form-data; boundary=${boundary}`;
  const part = (name: string, content: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${content}\r\n`;
  const end = `--${boundary}--\r\n`;
  const file = (name: string, filename: string, mime: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n${content}\r\n`;
  const data = JSON.stringify({ title: 'a', text: 'b', ticketId });
  return [
    ['no parts', type, end],
    ['no data field', type, part('other', 'x') + end],
    ['data not JSON', type, part('data', '{') + end],
    ['data wrong shape', type, part('data', '{"title":123,"text":[]}') + end],
    ['data huge', type, part('data', JSON.stringify({ title: 'x'.repeat(HUGE), text: 'y' })) + end],
    ['data with NUL', type, part('data', JSON.stringify({ title: 'a\u0000b', text: '\u0000' })) + end],
    ['data twice', type, part('data', data) + part('data', '{"title":"c"}') + end],
    ['data alone', type, part('data', data) + end],
    ['file without data', type, file('image', 'x.png', 'image/png', 'not a png') + end],
    ['file not an image', type, part('data', data) + file('image', 'x.png', 'image/png', 'not a png') + end],
    ['file with a traversal name', type, part('data', data) + file('image', '../../x.png', 'image/png', '\u0089PNG') + end],
    ['unknown file field', type, part('data', data) + file('other', 'x.exe', 'application/x-msdownload', 'MZ') + end],
    ['unterminated', type, `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"title":"a"`],
    ['header junk', type, `--${boundary}\r\nContent-Disposition: junk\r\n\r\nx\r\n${end}`],
  ];
}

function randomString(random: Random): string {
  const kind = random();
  if (kind < 0.4) return pick(random, ODD_STRINGS);
  const length = Math.floor(random() * (kind < 0.9 ? 40 : 3000));
  let text = '';
  for (let i = 0; i < length; i += 1) {
    const r = random();
    text +=
      r < 0.7
        ? String.fromCharCode(32 + Math.floor(random() * 95))
        : r < 0.9
          ? String.fromCharCode(Math.floor(random() * 0x3000))
          : pick(random, ['\u0000', '\ud83d', '\ude00', '\u202e', '/', '%']);
  }
  return text;
}

function randomValue(random: Random, depth: number): unknown {
  const kind = Math.floor(random() * (depth > 0 ? 8 : 6));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, ODD_NUMBERS);
    case 3:
      return Math.floor((random() - 0.5) * 2 ** 40);
    case 4:
    case 5:
      return randomString(random);
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [randomString(random).slice(0, 20), randomValue(random, depth - 1)]),
      );
  }
}

// --- running ----------------------------------------------------------------------------

export type Failure = { request: BadRequest; answer: Answer | undefined; reason: string };
export type RunResult = { sent: number; byStatus: Map<number, number>; failures: Failure[] };

/** The answer breaks the rule: a 5xx, no answer, or an error that is not `{ code, message }`. */
function problemOf(request: BadRequest, answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400 || request.method === 'HEAD' || !answer.contentType.includes('json')) return undefined;
  try {
    const body = JSON.parse(answer.body) as { code?: unknown; message?: unknown };
    if (typeof body.code !== 'string' || typeof body.message !== 'string') return 'error body without code and message';
  } catch {
    return 'error body is not JSON';
  }
  return undefined;
}

/** Sends every request, `concurrency` at a time; every answer is checked. */
export async function runBadRequests(requests: BadRequest[], send: Send, concurrency = 20): Promise<RunResult> {
  const result: RunResult = { sent: 0, byStatus: new Map(), failures: [] };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as BadRequest;
      try {
        const answer = await send(request);
        result.sent += 1;
        result.byStatus.set(answer.status, (result.byStatus.get(answer.status) ?? 0) + 1);
        const reason = problemOf(request, answer);
        if (reason) result.failures.push({ request, answer, reason });
      } catch (error) {
        result.sent += 1;
        result.failures.push({
          request,
          answer: undefined,
          reason: `no answer: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
}

/** A failure as one readable block: what was sent and what came back, long values cut. */
export function describeFailure({ request, answer, reason }: Failure): string {
  const cut = (text: string | undefined) => (text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, cut(v)]));
  return [
    `${reason} — ${request.label}`,
    `  ${request.method} ${cut(request.url)}`,
    `  headers ${JSON.stringify(headers)}`,
    request.body !== undefined ? `  body ${cut(JSON.stringify(request.body))}` : '',
    answer ? `  -> ${answer.status} ${cut(answer.body)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** "503 x2, 500 x1" */
export const statusSummary = (byStatus: Map<number, number>): string =>
  [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} x${count}`)
    .join(', ');

/** One request over a kept-alive socket, its path sent as written; event streams count by status. */
export function socketSender(base: string): Send & { close(): void } {
  const target = new URL(base);
  const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const once = (request: BadRequest, agent: http.Agent | false) =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          // Without a length Node sends a DELETE or OPTIONS body unframed, and the server reads it as a next request.
          headers: {
            ...request.headers,
            ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
          },
          agent,
          timeout: 30_000,
        },
        (response) => {
          const contentType = String(response.headers['content-type'] ?? '');
          const status = response.statusCode ?? 0;
          if (contentType.startsWith('text/event-stream')) {
            response.destroy();
            resolve({ status, contentType, body: '' });
            return;
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status, contentType, body: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        // The server may answer (413, 431) and close before a large body is written.
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET')
          resolve({ status: 499, contentType: '', body: `connection closed: ${error.code}` });
        else reject(error);
      });
      outgoing.end(request.body);
    });
  // A kept-alive socket the server has just closed fails the next request: that one goes again on a fresh socket.
  const send: Send = async (request) => {
    const answer = await once(request, keptAlive);
    return answer.status === 499 ? once(request, false) : answer;
  };
  return Object.assign(send, { close: () => keptAlive.destroy() });
}

// --- real credentials, through the API itself ---------------------------------------------

async function call(send: Send, method: string, url: string, body?: unknown, token?: string): Promise<unknown> {
  const answer = await send({
    method,
    url,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    label: `setup ${method} ${url}`,
  });
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as unknown;
}

/** A player registered through the dev mailbox, signed in; needs an instance outside production. */
export async function registerPlayer(send: Send, email: string, password = 'Secret2024'): Promise<string> {
  const challenge = (await call(send, 'GET', '/api/auth/captcha-challenge')) as TCaptchaChallenge;
  const started = (await call(send, 'POST', '/api/auth/register-by-email', { email, password, altcha: await solveAltcha(challenge) })) as {
    data: { flowToken: string };
  };
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i += 1) {
    const mail = (await call(send, 'GET', `/dev/mail.json?to=${encodeURIComponent(email)}`)) as { data: Array<{ text: string }> };
    code = /\b(\d{6})\b/.exec(mail.data[0]?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`no code mailed to ${email}`);
  const done = (await call(send, 'POST', '/api/auth/send-verification-code', { email, code, flowToken: started.data.flowToken })) as {
    data: { result: { jwt: string } };
  };
  return done.data.result.jwt;
}

/**
 * A player token, the admin's staff token, a new API key of `project`, and real ids: the
 * player's, a payment made for them through the game-server API, a support ticket of theirs.
 */
export async function credentialsFor(
  send: Send,
  admin: { email: string; password: string },
  project = 'familytown',
  { priceId = 'ft-coins-100' }: { priceId?: string } = {},
): Promise<Credentials> {
  const player = await registerPlayer(send, `bad-input-${Date.now().toString(36)}@players.example`);
  const { token: staff } = (await call(send, 'POST', '/api/staff/login', admin)) as { token: string };
  const { key: apiKey } = (await call(send, 'POST', `/api/staff/projects/${project}/api-keys`, {}, staff)) as { key: string };
  const me = (await call(send, 'GET', '/api/user/me', undefined, player)) as { data: { userId: string } };
  const userId = me.data.userId;
  const payment = (await call(send, 'POST', '/api/v1/payments', { userId, priceId, idempotencyKey: 'bad-input' }, apiKey)) as {
    paymentId: string;
  };
  const boundary = 'badinputsetup';
  const ticket = await send({
    method: 'POST',
    url: '/api/support/create-ticket',
    headers: { authorization: `Bearer ${player}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"title":"Bad input","text":"Hello"}\r\n--${boundary}--\r\n`,
    label: 'setup create-ticket',
  });
  if (ticket.status >= 300) throw new Error(`create-ticket: ${ticket.status} ${ticket.body}`);
  const ticketId = (JSON.parse(ticket.body) as { data: { id: string } }).data.id;
  return { player, staff, apiKey, ids: { userId, paymentId: payment.paymentId, ticketId } };
}

// --- through `inject` ----------------------------------------------------------------------

/** One request through `inject`; an event stream counts by its status and is closed at once. */
export function injectSender(app: FastifyInstance): Send {
  return (request) => withTimeout(injectOnce(app, request), 30_000);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function injectOnce(app: FastifyInstance, request: BadRequest): Promise<Answer> {
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.body !== undefined ? { payload: request.body } : {}),
    payloadAsStream: true,
  });
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.startsWith('text/event-stream')) {
    response.raw.res.destroy();
    return { status: response.statusCode, contentType, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  return { status: response.statusCode, contentType, body: Buffer.concat(chunks).toString('utf8') };
}
