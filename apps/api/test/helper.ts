import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { CreateEventInput } from '@app/shared/events';
import type { Settings } from '@app/shared/settings';
import type { Database } from '../src/db/client';
import { users } from '../src/db/schema/index';
import type { UserRow } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './build-test-app';
import { bearer, createUser, tokenFor, type UserOverrides } from './factories';
import { type SmtpCatcher, startSmtpCatcher } from './smtp-catcher';

/**
 * What the API tests do again and again, in one place (like fastify/demo's test/helper.ts):
 * fresh names, addresses and numbers; requests as a given identity; the codes the app sent;
 * the superadmin's token; an event created through the API.
 */

// ─── fresh values ────────────────────────────────────────────────────────────────────────────

let nameCounter = 0;
/** A name no other call answers (usernames, e-mail local parts, titles). */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${nameCounter++}`;

let ipCounter = 0;
/**
 * A client address no other call answers, so that the per-address limits of one request never
 * meet another's. Taken from 10.200.0.0 and up, apart from the addresses tests write by hand.
 */
export function freshIp(): string {
  const n = ipCounter++;
  return `10.${200 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

let phoneCounter = 0;
/** A valid Cameroonian mobile number no other call answers (+237 678 …, apart from hand-written ones). */
export const newPhone = () => `+237678${String(phoneCounter++).padStart(6, '0')}`;

export const PASSWORD = 'Mango-Tree-2025';

/** A registration body for POST /api/users/register (fresh username and e-mail). */
export function registration(overrides: Record<string, unknown> = {}, prefix = 'u') {
  const username = unique(prefix);
  return {
    username,
    email: `${username}@example.cm`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Awa',
    lastName: 'Ngono',
    ...overrides,
  };
}

// ─── the file's app ──────────────────────────────────────────────────────────────────────────

/**
 * The test file's app, built before its tests (`beforeAll`) and closed after them (`afterAll`):
 * `const testApp = testAppForFile(buildTestApp);` at the top of a file, then `testApp.app`,
 * `testApp.dataDir`… inside the tests. Read before it is built, it throws.
 */
export function testAppForFile<T extends TestApp>(build: () => Promise<T>): T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => built?.close());
  return new Proxy({} as T, {
    get(_target, key) {
      if (!built) throw new Error('the test app is built in beforeAll: read it inside a test or a hook');
      return built[key as keyof T];
    },
  });
}

// ─── an app with a mail server ───────────────────────────────────────────────────────────────

/** A test app whose e-mails go to a real SMTP catcher of its own. */
export interface MailTestApp extends TestApp {
  catcher: SmtpCatcher;
}

/** A test app (see buildTestApp) sending its e-mails to a new SMTP catcher; `close` stops both. */
export async function buildTestAppWithMail(env: Record<string, string> = {}): Promise<MailTestApp> {
  const catcher = await startSmtpCatcher();
  const testApp = await buildTestApp({ SMTP_URL: catcher.url, ...env });
  return {
    ...testApp,
    catcher,
    async close() {
      await testApp.close();
      await catcher.close();
    },
  };
}

// ─── requests as an identity ─────────────────────────────────────────────────────────────────

/** A signed-in account: the row and its bearer token. */
export interface Identity {
  user: UserRow;
  token: string;
}

/** A new account (see createUser) with a session, as if it had signed in. */
export async function signedIn(app: FastifyInstance, overrides: UserOverrides = {}): Promise<Identity> {
  const user = await createUser(app, overrides);
  return { user, token: await tokenFor(app, user) };
}

/** Who makes a request: anonymous (undefined), a bearer token, or an identity. */
export type As = undefined | string | Identity;

function headersOf(as: As): Record<string, string> {
  if (as === undefined) return {};
  return bearer(typeof as === 'string' ? as : as.token);
}

/** `app.inject` as a given identity; the options' own headers win. */
export function injectAs(app: FastifyInstance, as: As, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...headersOf(as), ...options.headers } });
}

/** One request as a given identity, with a JSON payload when there is one. */
export function request(
  app: FastifyInstance,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  as?: As,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return injectAs(app, as, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A POST from an address of its own (the way the sign-in and registration tests call). */
export function postFrom(
  app: FastifyInstance,
  url: string,
  payload: object,
  ip = freshIp(),
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip, ...headers } });
}

// ─── rows ────────────────────────────────────────────────────────────────────────────────────

/** How many rows each table holds, under the names given: `rowCounts(db, { users, pages: businessPages })`. */
export async function rowCounts<K extends string>(db: Database, tables: Record<K, PgTable>): Promise<Record<K, number>> {
  const counted = await Promise.all(
    Object.entries<PgTable>(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counted) as Record<K, number>;
}

// ─── the superadmin ──────────────────────────────────────────────────────────────────────────

/** The account the base seed makes from ADMIN_EMAIL/ADMIN_PASSWORD. */
export async function seededSuperadmin(app: FastifyInstance): Promise<UserRow> {
  const [row] = await app.db.select().from(users).where(eq(users.role, 'superadmin'));
  if (!row) throw new Error('no seeded superadmin');
  return row;
}

/** A token of the seeded superadmin. */
export async function superadminToken(app: FastifyInstance): Promise<string> {
  return tokenFor(app, await seededSuperadmin(app));
}

// ─── codes sent (outbox) ─────────────────────────────────────────────────────────────────────

interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  text: string;
  subject?: string;
}

/**
 * The messages the app wrote to DATA_DIR/outbox/ (no SMS provider or SMTP server configured)
 * for one channel and recipient, oldest first. A file still being written is read next time.
 */
export function outboxMessages(dataDir: string, channel: 'email' | 'sms', to: string): OutboxMessage[] {
  const folder = path.join(dataDir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((file) => file.includes(`-${channel}-`))
    .sort()
    .map((file) => {
      try {
        return JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as OutboxMessage;
      } catch {
        return null;
      }
    })
    .filter((message): message is OutboxMessage => message?.to === to);
}

const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

/** The 6-digit codes sent by SMS to a number (outbox), oldest first. */
export function smsCodes(dataDir: string, to: string): string[] {
  return outboxMessages(dataDir, 'sms', to).flatMap((sms) => codeIn(sms.text) ?? []);
}

/** The SMS codes to a number once there are at least `count` (the sending may end after the answer). */
export async function waitForSms(dataDir: string, to: string, count = 1): Promise<string[]> {
  await vi.waitFor(() => expect(smsCodes(dataDir, to).length).toBeGreaterThanOrEqual(count), { timeout: 5000 });
  return smsCodes(dataDir, to);
}

/** The 6-digit codes e-mailed to an address (outbox; the code stands in the subject), oldest first. */
export function emailCodes(dataDir: string, to: string): string[] {
  return outboxMessages(dataDir, 'email', to).flatMap((mail) => codeIn(mail.subject) ?? codeIn(mail.text) ?? []);
}

/** The latest code sent to a phone number (SMS) or an e-mail address, waiting for the `count`-th. */
export async function latestCode(dataDir: string, to: string, count = 1): Promise<string> {
  const read = () => (to.includes('@') ? emailCodes(dataDir, to) : smsCodes(dataDir, to));
  await vi.waitFor(() => expect(read().length).toBeGreaterThanOrEqual(count), { timeout: 5000 });
  return read().at(-1) as string;
}

// ─── settings ────────────────────────────────────────────────────────────────────────────────

/** Runs `run` with the stored settings changed by `change` (the top-level parts it answers), then restores them. */
export async function withSettings<T>(
  app: FastifyInstance,
  change: (settings: Settings) => Partial<Settings>,
  run: () => Promise<T>,
): Promise<T> {
  const settings = await app.settings.get();
  await app.settings.save({ ...settings, ...change(settings) }, null);
  try {
    return await run();
  } finally {
    await app.settings.save(settings, null);
  }
}

/** Saves the stored settings with some of the events' settings changed; answers the saved whole. */
export async function saveEventSettings(app: FastifyInstance, events: Partial<Settings['events']>): Promise<Settings> {
  const stored = await app.settings.get();
  return app.settings.save({ ...stored, events: { ...stored.events, ...events } }, null);
}

// ─── events ──────────────────────────────────────────────────────────────────────────────────

/** A valid creation body for POST /api/events. */
export function eventInput(overrides: Partial<CreateEventInput> = {}): CreateEventInput {
  return {
    title: 'Festival des Arts de Yaoundé',
    description: 'Musique, danse et artisanat au cœur de la ville.',
    startDateTime: '2099-06-12T18:00:00+01:00',
    endDateTime: '2099-06-12T23:00:00+01:00',
    location: { address: 'Boulevard du 20 Mai', city: 'Yaoundé' },
    category: 'festival',
    ...overrides,
  };
}

export interface CreatedEvent {
  _id: string;
  title: string;
  status: string;
  publicPath: string;
  shareToken: string;
}

/**
 * Creates an event through the API as `as` (which must be allowed to) and brings it to `status`:
 * a draft, published (the default), or published then cancelled.
 */
export async function createEvent(
  app: FastifyInstance,
  as: As,
  overrides: Partial<CreateEventInput> = {},
  status: 'draft' | 'published' | 'cancelled' = 'published',
): Promise<CreatedEvent> {
  const response = await request(app, 'POST', '/api/events', as, eventInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  const event = response.json().event as CreatedEvent;
  for (const step of status === 'draft' ? [] : status === 'published' ? ['publish'] : ['publish', 'cancel']) {
    const moved = await request(app, 'PUT', `/api/events/${event._id}/${step}`, as);
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return event;
}

/** A log stream for `buildApp({ logStream })` that keeps every line written, and those lines. */
export function logLines(): { lines: string[]; logStream: Writable } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  return { lines, logStream };
}
