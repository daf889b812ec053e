import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../build-test-app';
import { testAppForFile } from '../helper';
import { bearer, createUser, tokenFor } from '../factories';
import { type ApiRoute, createSuperadminToken, declaredRoutes, hasBody, jsonSchemaOf, plausibleBody } from './harness';

/*
 * Issue 24, finding 1: no answer to a self-service route (declared `public` or `authenticated`)
 * carries another account's e-mail or phone. Two other accounts, with known contacts, take part in
 * everything the caller can reach: they organise events (one for a partner the caller also acts
 * for), comment, join and like the caller's event, own a business page, and are reported by the
 * caller. Every such route is called with their ids, event ids, comment ids and page slugs; no
 * answer may contain their e-mail or phone, in any written form.
 */

const testApp = testAppForFile(() => buildTestApp());
let app: FastifyInstance;
beforeAll(() => {
  app = testApp.app;
});

interface Victim {
  id: string;
  username: string | null;
  email: string;
  phone: string;
}

interface World {
  callerToken: string;
  victims: Victim[];
  /** Candidate values of each path parameter, by route prefix. */
  eventIds: string[];
  commentIds: string[];
  businessPageIds: string[];
  slugIds: string[];
  partnerId: string;
  privateShareToken: string;
}

function hex(bytes = 4) {
  return randomBytes(bytes).toString('hex');
}

async function call(method: InjectOptions['method'], url: string, token: string, payload?: object) {
  const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response.json();
}

function eventBody(title: string, extra: object = {}) {
  return {
    title,
    description: `Description de ${title}.`,
    startDateTime: '2030-06-12T18:00:00+01:00',
    endDateTime: '2030-06-12T23:00:00+01:00',
    location: { address: 'Rue de la Joie', city: 'Douala' },
    category: 'food',
    ...extra,
  };
}

/** Fresh accounts and data: a write that went through may have changed what the next route sees. */
async function buildWorld(): Promise<World> {
  const admin = await createSuperadminToken(app);
  const caller = await createUser(app, { firstName: 'Carine', lastName: 'Appelante' });
  const callerToken = await tokenFor(app, caller);
  // One victim with a username, one without; no names, so a careless name falls back to contacts.
  const victims: Victim[] = [];
  const victimTokens: string[] = [];
  for (const username of [`victime_${hex()}`, null]) {
    const email = `victime.${hex()}@exemple.cm`;
    const phone = `+2376${String(randomInt(10_000_000, 99_999_999))}`;
    const user = await createUser(app, { firstName: '', lastName: '', username, email, phone });
    victims.push({ id: user.id, username, email, phone });
    victimTokens.push(await tokenFor(app, user));
  }
  const [victim, other] = victimTokens as [string, string];
  const victimRow = victims[0] as Victim;

  // A partner the victim and the caller both act for.
  const partner = (
    await call('POST', '/api/businesses', admin, {
      name: `Partenaire ${hex()}`,
      type: 'business',
      email: `p.${hex()}@exemple.cm`,
    })
  ).partner;
  await call('POST', `/api/partners/${partner._id}/users`, admin, { identifier: victimRow.email });
  await call('POST', `/api/partners/${partner._id}/users`, admin, { identifier: caller.email as string });

  const publish = async (id: string) => call('PUT', `/api/events/${id}/publish`, admin);
  const partnerEvent = (await call('POST', '/api/events', victim, eventBody('Soirée du partenaire', { partnerId: partner._id })))
    .event;
  const ownEvent = (await call('POST', '/api/events', victim, eventBody('Concert de la victime'))).event;
  const privateEvent = (await call('POST', '/api/events', victim, eventBody('Fête privée', { isPublic: false }))).event;
  const draft = (await call('POST', '/api/events', victim, eventBody('Brouillon de la victime'))).event;
  const otherEvent = (await call('POST', '/api/events', other, eventBody('Atelier de l’autre'))).event;
  const callerEvent = (await call('POST', '/api/events', callerToken, eventBody('Marché de l’appelante'))).event;
  for (const event of [partnerEvent, ownEvent, privateEvent, otherEvent, callerEvent]) await publish(event._id);
  const privateShareToken = (await call('GET', `/api/events/${privateEvent._id}`, admin)).shareToken as string;

  // Both victims comment on, join and like the caller's event and the partner's event.
  const commentIds: string[] = [];
  for (const token of [victim, other]) {
    for (const event of [callerEvent, partnerEvent]) {
      commentIds.push((await call('POST', `/api/events/${event._id}/comments`, token, { text: 'Super idée !' })).comment._id);
      await call('POST', `/api/events/${event._id}/participants`, token, {});
      await call('PUT', `/api/events/${event._id}/like`, token);
    }
  }
  await call('POST', `/api/events/${privateEvent._id}/participants`, callerToken, { shareToken: privateShareToken });

  const page = (await call('POST', '/api/business-event-pages', victim, { name: 'Page de la victime', partnerId: partner._id }))
    .page;
  await call('POST', `/api/business-event-pages/${page._id}/events`, victim, { eventId: partnerEvent._id });

  const events = [partnerEvent, ownEvent, privateEvent, draft, otherEvent, callerEvent];
  return {
    callerToken,
    victims,
    eventIds: events.map((event) => event._id),
    commentIds,
    businessPageIds: [page._id],
    slugIds: events.map((event) => (event.publicPath as string).replace('/evenements/', '')),
    partnerId: partner._id,
    privateShareToken,
  };
}

/** Every self-service route: `public` or `authenticated`, /api or not (the public pages). */
function selfServiceRoutes(): ApiRoute[] {
  return declaredRoutes(app, (route) => route.access === 'public' || route.access === 'authenticated');
}

/** Each way to fill a route's path with the victims' objects (enum parameters: every value). */
function paths(route: ApiRoute, world: World): string[] {
  const enums = route.params ? (jsonSchemaOf(route.params).properties ?? {}) : {};
  const candidates = (name: string): string[] => {
    const values = enums[name]?.enum;
    if (values?.length) return values.map(String);
    if (name === 'slugId') return world.slugIds;
    if (name === 'commentId') return world.commentIds;
    if (name === 'eventId') return world.eventIds;
    if (name === 'partnerId') return [world.partnerId];
    if (name === 'userId') return world.victims.map((victim) => victim.id);
    if (name === 'id') {
      if (route.url.startsWith('/api/events/')) return world.eventIds;
      if (route.url.startsWith('/api/users/')) return world.victims.map((victim) => victim.id);
      if (route.url.startsWith('/api/business-event-pages/')) return world.businessPageIds;
    }
    return ['00000000-0000-4000-8000-000000000000'];
  };
  let filled = [route.url];
  for (const [, name] of route.url.matchAll(/:(\w+)/g)) {
    const values = candidates(name as string);
    filled = filled.flatMap((url) => values.map((value) => url.replace(`:${name}`, encodeURIComponent(value))));
  }
  return filled;
}

/** No query, and each query key a victim's data can be reached by. */
function queries(route: ApiRoute, world: World): string[] {
  const keys = route.querystring ? Object.keys(jsonSchemaOf(route.querystring).properties ?? {}) : [];
  const victim = world.victims[0] as Victim;
  const list = [''];
  if (keys.includes('t')) list.push(`t=${encodeURIComponent(world.privateShareToken)}`);
  if (keys.includes('mine')) list.push('mine=true');
  if (keys.includes('q')) list.push(`q=${encodeURIComponent(victim.username ?? 'victime')}`, 'q=Douala');
  return list;
}

/** A body the schema accepts, with the victims' ids and username where a field names them. */
function bodyFor(route: ApiRoute, world: World): unknown {
  if (!hasBody(route)) return undefined;
  const body = plausibleBody(route);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const victim = world.victims[0] as Victim;
  const filled: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  // Names the victim without giving any contact: the answer must not complete it.
  if ('identifier' in filled) filled.identifier = victim.username;
  if ('eventId' in filled) filled.eventId = world.eventIds[0];
  if ('partnerId' in filled) filled.partnerId = world.partnerId;
  if ('shareToken' in filled) filled.shareToken = world.privateShareToken;
  return filled;
}

/** Every written form of a contact: as stored, lower-case, and the phone's national digits. */
function leaks(response: LightMyRequestResponse, victims: Victim[]): string[] {
  const text = response.body.toLowerCase();
  const digits = text.replace(/[\s.\-()/]/g, '');
  const found: string[] = [];
  for (const victim of victims) {
    if (text.includes(victim.email.toLowerCase())) found.push(victim.email);
    if (text.includes(encodeURIComponent(victim.email).toLowerCase())) found.push(`${victim.email} (encoded)`);
    const national = victim.phone.replace(/^\+237/, '');
    if (digits.includes(national)) found.push(victim.phone);
  }
  return found;
}

describe('contact details in self-service answers (issue 24, finding 1)', () => {
  it('no answer to a public or authenticated route carries another account’s e-mail or phone', async () => {
    const routes = selfServiceRoutes();
    expect(routes.length).toBeGreaterThan(40);
    let world = await buildWorld();
    const failures: string[] = [];
    const reached = new Set<string>();
    let calls = 0;
    for (const route of routes) {
      // By index: after a rebuild the same candidate is read from the new world.
      for (let p = 0; p < paths(route, world).length; p++) {
        for (let q = 0; q < queries(route, world).length; q++) {
          for (const anonymous of [false, true]) {
            if (anonymous && route.access !== 'public') continue;
            const path = paths(route, world)[p] as string;
            const query = queries(route, world)[q] as string;
            const url = query ? `${path}?${query}` : path;
            const payload = bodyFor(route, world);
            const response = await app.inject({
              method: route.method as InjectOptions['method'],
              url,
              headers: anonymous ? {} : bearer(world.callerToken),
              ...(payload === undefined ? {} : { payload: payload as object }),
            });
            calls++;
            const found = leaks(response, world.victims);
            if (found.length > 0)
              failures.push(
                `${route.method} ${url}${anonymous ? ' (anonymous)' : ''}: ${response.statusCode} carries ${found.join(', ')}`,
              );
            if (response.statusCode < 300 && world.victims.some((victim) => response.body.includes(victim.id)))
              reached.add(route.key);
            if (response.statusCode >= 500) failures.push(`${route.method} ${url}: ${response.statusCode}`);
            // A write that went through (a report, a logout, a deletion…): fresh accounts and data.
            if (route.method !== 'GET' && response.statusCode < 400) world = await buildWorld();
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk did reach the victims' data: their reports, events, comments and pages were answered.
    expect([...reached].sort()).toEqual(
      expect.arrayContaining([
        'POST /api/users/:id/reports',
        'GET /api/events/:id',
        'GET /api/events/:id/comments',
        'GET /api/events',
      ]),
    );
    expect(calls).toBeGreaterThan(150);
  }, 300_000);
});
