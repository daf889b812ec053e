import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isErrorCode } from '@app/shared/errors';
import { PERMISSIONS, type Permission } from '@app/shared/permissions';
import type { DeclaredRoute } from '../../src/plugins/access';
import { bearer, createUser, tokenFor, type UserOverrides } from '../factories';

/** A JSON schema as z.toJSONSchema writes it; only the keywords the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface ApiRoute {
  /** `METHOD /api/path/:param`, as the allow-lists name routes. */
  key: string;
  method: HTTPMethods;
  url: string;
  access: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** The route reads multipart/form-data (an upload). */
  multipart: boolean;
}

function asZod(value: unknown): z.ZodType | undefined {
  return value instanceof z.ZodType ? value : undefined;
}

/** Every /api route the app registered (HEAD twins and the docs page's own routes left out). */
export function apiRoutes(app: FastifyInstance): ApiRoute[] {
  return declaredRoutes(app, (route) => route.url.startsWith('/api'));
}

/** Every route the app registered that `keep` keeps, once each (HEAD twins and the docs page's own routes left out). */
export function declaredRoutes(app: FastifyInstance, keep: (route: DeclaredRoute) => boolean): ApiRoute[] {
  const seen = new Set<string>();
  const routes: ApiRoute[] = [];
  for (const route of app.declaredRoutes as DeclaredRoute[]) {
    if (route.url.startsWith('/api/docs') || route.method === 'HEAD' || !keep(route)) continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const consumes = Array.isArray(schema.consumes) ? (schema.consumes as string[]) : [];
    routes.push({
      key,
      method: route.method,
      url: route.url,
      access: route.access ?? '',
      body: asZod(schema.body),
      querystring: asZod(schema.querystring),
      params: asZod(schema.params),
      multipart: consumes.includes('multipart/form-data'),
    });
  }
  return routes;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function hasBody(route: ApiRoute): boolean {
  return route.method !== 'GET' && route.method !== 'DELETE';
}

/** Path parameters filled with a valid-looking value: the first enum member, else a random UUID. */
export function fillPath(route: ApiRoute, overrides: Record<string, string> = {}): string {
  const properties = route.params ? (jsonSchemaOf(route.params).properties ?? {}) : {};
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (overrides[name] !== undefined) return encodeURIComponent(overrides[name]);
    const values = properties[name]?.enum;
    return encodeURIComponent(values?.length ? String(values[0]) : randomUUID());
  });
}

// ─── identities ──────────────────────────────────────────────────────────────────────────────

export interface Identity {
  name: string;
  token?: string;
  /** Anonymous, or a token the server must ignore (blocked account, unverified one while verification is required). */
  signedIn: boolean;
  permissions: readonly Permission[];
}

interface IdentitySpec {
  name: string;
  /** Undefined: anonymous. */
  account?: UserOverrides;
  permissions: readonly Permission[];
}

/** The identities of the access matrix. */
export const IDENTITY_SPECS: IdentitySpec[] = [
  { name: 'anonymous', permissions: [] },
  { name: 'user', account: {}, permissions: [] },
  { name: 'unverified user', account: { isVerified: false }, permissions: [] },
  { name: 'blocked user', account: { isBlocked: true }, permissions: [] },
  {
    name: 'blocked admin',
    account: { role: 'admin', permissions: [...PERMISSIONS], isAdminValidated: true, isBlocked: true },
    permissions: [],
  },
  { name: 'pending admin', account: { role: 'admin', permissions: [...PERMISSIONS], isAdminValidated: false }, permissions: [] },
  ...PERMISSIONS.map((permission) => ({
    name: `admin:${permission}`,
    account: { role: 'admin' as const, permissions: [permission], isAdminValidated: true },
    permissions: [permission],
  })),
  { name: 'superadmin', account: { role: 'superadmin' }, permissions: PERMISSIONS },
];

/** A fresh account (and session) for one identity. */
export async function createIdentity(app: FastifyInstance, spec: IdentitySpec): Promise<Identity> {
  if (!spec.account) return { name: spec.name, signedIn: false, permissions: [] };
  const user = await createUser(app, spec.account);
  // The server ignores the session of a blocked account, and of an unverified one while
  // requireEmailVerification is on (issue 24, finding 20).
  const { requireEmailVerification } = (await app.settings.get()).security;
  const signedIn = !user.isBlocked && (user.isVerified || !requireEmailVerification);
  return { name: spec.name, token: await tokenFor(app, user), signedIn, permissions: spec.permissions };
}

export async function createIdentities(app: FastifyInstance): Promise<Identity[]> {
  const identities: Identity[] = [];
  for (const spec of IDENTITY_SPECS) identities.push(await createIdentity(app, spec));
  return identities;
}

export async function createSuperadminToken(app: FastifyInstance): Promise<string> {
  return tokenFor(app, await createUser(app, { role: 'superadmin' }));
}

// ─── answers ─────────────────────────────────────────────────────────────────────────────────

/** English framework phrases (Fastify, zod, JSON.parse, Node) that must never reach a person. */
const ENGLISH =
  /\b(expected|received|invalid input|invalid type|must (be|have|not|match|contain)|should|is required|required property|not found|unauthori[sz]ed|forbidden|bad request|internal server error|unexpected|too (big|small|long|short|large|many)|unrecognized|payload|body|request|failed|error|cannot|unsupported|timeout|exceeded)\b/i;

/** Checks one refusal: JSON `{ message, code }`, a French message, no stack trace. */
export function refusalProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  if (!String(response.headers['content-type'] ?? '').includes('application/json')) {
    problems.push(`content-type ${String(response.headers['content-type'])}`);
  }
  let body: { message?: unknown; code?: unknown } | undefined;
  try {
    body = response.json();
  } catch {
    problems.push(`not JSON: ${response.body.slice(0, 200)}`);
    return problems;
  }
  if (typeof body?.message !== 'string' || body.message.trim() === '') problems.push('no message');
  else if (ENGLISH.test(body.message)) problems.push(`English message: ${body.message}`);
  if (typeof body?.code !== 'string' || body.code === '') problems.push('no code');
  else if (!isErrorCode(body.code)) problems.push(`code not in ERROR_CODES: ${body.code}`);
  if (/\bat .+\.(ts|js|mjs):\d+/.test(response.body) || /node_modules/.test(response.body)) problems.push('stack trace');
  return problems;
}

// ─── database fingerprint ────────────────────────────────────────────────────────────────────

/** Columns that change without a request (the outbox worker's delivery bookkeeping). */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  outbound_messages: ['status', 'attempts', 'last_error', 'next_attempt_at', 'sent_at', 'failed_at', 'updated_at'],
};

let tableNames: string[] | undefined;

/** One hash per table (row count and content), to prove a refused request wrote nothing. */
export async function databaseFingerprint(app: FastifyInstance): Promise<Record<string, string>> {
  if (!tableNames) {
    const result = await app.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    tableNames = (rowsOf(result) as { table_name: string }[]).map((row) => row.table_name);
  }
  const parts = tableNames.map((table) => {
    const drop = (VOLATILE_COLUMNS[table] ?? []).map((column) => ` - '${column}'`).join('');
    return `select '${table}' as t, count(*)::text || ':' || coalesce(md5(string_agg((to_jsonb(x)${drop})::text, ',' order by (to_jsonb(x)${drop})::text)), '') as h from "${table}" x`;
  });
  const result = await app.db.execute(sql.raw(parts.join(' union all ')));
  return Object.fromEntries((rowsOf(result) as { t: string; h: string }[]).map((row) => [row.t, row.h]));
}

export function resetFingerprintCache() {
  tableNames = undefined;
}

function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  return (result as { rows: unknown[] }).rows;
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

// ─── generators ──────────────────────────────────────────────────────────────────────────────

const VALID_PHONES = ['+237690000001', '677 12 34 56', '+237 6 99 88 77 66', '00237655443322'];

/** A value that satisfies the JSON schema most of the time (refinements aside). */
export function validArbitrary(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((member) => validArbitrary(member, name, depth)));
  if (schema.allOf?.length) return validArbitrary(schema.allOf[0] as JsonSchema, name, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const lower = name.toLowerCase();
  switch (type) {
    case 'string': {
      if (lower.includes('phone')) return fc.constantFrom(...VALID_PHONES);
      if (schema.format === 'email' || lower.includes('email')) return fc.stringMatching(/^[a-z]{1,10}\.[a-z]{1,8}@example\.cm$/);
      if (schema.format === 'uuid') return fc.uuid({ version: 4 });
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === 'date')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'uri' || lower.includes('url') || lower.includes('website'))
        return fc.constantFrom('https://example.cm', 'https://evenements.cm/page');
      if (lower.includes('password')) return fc.constantFrom('Correct-Horse-42', 'Autre-Passw0rd!');
      if (schema.pattern) {
        try {
          const minLength = schema.minLength ?? 0;
          const maxLength = schema.maxLength ?? 1000;
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= maxLength);
        } catch {
          // an ECMAScript-incompatible pattern: plain strings
        }
      }
      const minLength = Math.max(schema.minLength ?? 0, 1);
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.string({ minLength, maxLength }).filter((s) => s.trim().length >= Math.min(minLength, 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(Math.min(max, min + 1_000_000))) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ? validArbitrary(schema.items, name, depth + 1) : fc.string();
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'object': {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validArbitrary(value, key, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings and values that break careless servers. */
const HOSTILE_STRINGS = [
  'x'.repeat(100_000),
  'é'.repeat(5000),
  '\u0000',
  'abc\u0000def',
  '\uD800',
  '\u202Eevil',
  '😀'.repeat(500),
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(10)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  `\${7*7}{{7*7}}`,
  '__proto__',
  '',
  '   ',
  'null',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
  '2024-02-30T25:61:00Z',
];

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      -1,
      0,
      1.5,
      -2_147_483_649,
      2_147_483_648,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      1e308,
      -1e308,
      true,
      false,
      null,
      [],
      {},
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }).map(deepObject) },
);

export function deepObject(depth: number): unknown {
  let value: unknown = 'fond';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Like validArbitrary, but any value may be swapped for a hostile one and unknown keys appear. */
export function hostileArbitrary(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let inner: fc.Arbitrary<unknown>;
  if (type === 'object' && schema.properties && depth < 4) {
    const properties = schema.properties;
    const record = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, hostileArbitrary(value, key, depth + 1)]),
    );
    inner = fc
      .tuple(
        fc.record(record, { requiredKeys: [] }),
        fc.option(fc.tuple(fc.constantFrom('role', 'isBlocked', 'permissions', '__proto__', 'constructor', 'zz'), hostileValue), {
          freq: 4,
        }),
      )
      .map(([value, extra]) => {
        if (!extra) return value;
        const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
        return copy;
      });
  } else if (type === 'array' && schema.items && depth < 4) {
    inner = fc.array(hostileArbitrary(schema.items, name, depth + 1), { maxLength: 4 });
  } else {
    inner = validArbitrary(schema, name, depth);
  }
  return fc.oneof({ weight: 3, arbitrary: inner }, { weight: 1, arbitrary: hostileValue });
}

/** A query string from generated values; arrays become repeated keys, objects their JSON. */
export function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${encodeURIComponent(String(value))}`;
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const items = Array.isArray(item) ? item : [item];
    for (const one of items) {
      const text = typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one);
      params.append(key, text.slice(0, 4000));
    }
  }
  return params.toString();
}

export async function send(
  app: FastifyInstance,
  route: ApiRoute,
  options: { token?: string; path?: string; query?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const url = `${options.path ?? fillPath(route)}${options.query ? `?${options.query}` : ''}`;
  const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...options.headers };
  const method = route.method as InjectOptions['method'];
  if (options.payload !== undefined && typeof options.payload !== 'string' && !Buffer.isBuffer(options.payload)) {
    return app.inject({
      method,
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(options.payload),
    });
  }
  return app.inject({ method, url, headers, payload: options.payload as string | Buffer | undefined });
}

/** A value the zod schema accepts, found among generated candidates (fixed seed); undefined if none. */
export function validSample(schema: z.ZodType, seed = 42): unknown {
  const candidates = fc.sample(validArbitrary(jsonSchemaOf(schema)), { numRuns: 200, seed });
  return candidates.find((candidate) => schema.safeParse(candidate).success);
}

/** The body a route gets when the test only cares about who may call it. */
export function plausibleBody(route: ApiRoute): unknown {
  if (!hasBody(route)) return undefined;
  return route.body ? (validSample(route.body) ?? {}) : {};
}
