import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMEROON_CITIES, haversineKm, NEAR_POSITION_REQUIRED, NEAR_RADIUS_RANGE } from '@app/shared/near-me';
import { PREMIUM_REQUIRED_MESSAGE } from '@app/shared/premium';
import { bearer, insertEvent } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type Identity, signedIn } from '../../../test/helper';
import { rowsOf } from '../../db/rows-of';
import { users } from '../../db/schema/index';
import { boundingBox } from './nearby-events';

/*
 * 'Près de moi' (issue 28 item 1, decision 057): nearest first within the radius, only published
 * public events not ended, a city's centre, premium only (manage_events passes), bad input.
 */

let testApp: TestApp;
let app: FastifyInstance;
let organizer: Identity;
let premium: Identity;
let freemium: Identity;
let manager: Identity;

/** A position of its own per run, away from every other test's events (south Atlantic). */
const base = { latitude: -30 - Math.random() * 5, longitude: -20 - Math.random() * 5 };
const KM_PER_DEGREE_LAT = haversineKm(0, 0, 1, 0);
/** The point `km` north of the base (along a meridian: exact). */
const north = (km: number) => ({ latitude: base.latitude + km / KM_PER_DEGREE_LAT, longitude: base.longitude });
/** The point `km` east of the base (along the parallel, solved so its great-circle distance is `km`). */
function east(km: number) {
  let low = 0;
  let high = 10;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (haversineKm(base.latitude, base.longitude, base.latitude, base.longitude + middle) < km) low = middle;
    else high = middle;
  }
  return { latitude: base.latitude, longitude: base.longitude + low };
}

const future = { startDateTime: new Date(Date.now() + 86_400_000), endDateTime: new Date(Date.now() + 90_000_000) };

function nearby(query: string, identity: Identity = premium) {
  return app.inject({ method: 'GET', url: `/api/events/nearby?${query}`, headers: bearer(identity.token) });
}
const at = (position: { latitude: number; longitude: number }, extra = '') =>
  `latitude=${position.latitude}&longitude=${position.longitude}${extra}`;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  organizer = await signedIn(app);
  premium = await signedIn(app);
  freemium = await signedIn(app);
  manager = await signedIn(app, { role: 'admin', permissions: ['manage_events'] });
  await app.db
    .update(users)
    .set({ plan: 'premium', premiumUntil: new Date(Date.now() + 30 * 86_400_000) })
    .where(eq(users.id, premium.user.id));
});
afterAll(async () => {
  await testApp.close();
});

describe('Près de moi', () => {
  it('lists the events within the radius nearest first, with their distance; 9 km in, 11 km out at 10 km', async () => {
    const make = (title: string, position: { latitude: number; longitude: number }, values = {}) =>
      insertEvent(app, organizer.user.id, { title, ...position, ...future, ...values });
    const nine = await make('À 9 km', east(9));
    const two = await make('À 2 km', north(2));
    const five = await make('À 5 km', east(5));
    await make('À 11 km', north(11));
    await make('Passé', north(1), {
      startDateTime: new Date(Date.now() - 90_000_000),
      endDateTime: new Date(Date.now() - 86_400_000),
    });
    await make('Brouillon', north(1), { status: 'draft' });
    await make('Privé', north(1), { isPublic: false });
    await make('Annulé', north(1), { status: 'cancelled' });
    await make('Sans coordonnées', { latitude: null, longitude: null } as never);
    const running = await make('En cours', north(3), { startDateTime: new Date(Date.now() - 3_600_000) });

    const response = await nearby(at(base, '&radiusKm=10'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(['À 2 km', 'En cours', 'À 5 km', 'À 9 km']);
    expect(body.items.map((item: { distanceKm: number }) => item.distanceKm)).toEqual([2, 3, 5, 9]);
    expect(body.items.map((item: { _id: string }) => item._id)).toEqual([two.id, running.id, five.id, nine.id]);
    expect(body.total).toBe(4);
    expect(body.radiusKm).toBe(10);
    expect(body.centre).toMatchObject({ city: null, latitude: base.latitude });

    // The default radius is 10 km; at 12 km the event 11 km away comes in, last.
    expect((await nearby(at(base))).json().total).toBe(4);
    const wider = (await nearby(at(base, '&radiusKm=12'))).json();
    expect(wider.items.map((item: { title: string }) => item.title).at(-1)).toBe('À 11 km');

    // Paged: 2 per page, in the same order.
    const second = (await nearby(at(base, '&radiusKm=10&limit=2&page=2'))).json();
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['À 5 km', 'À 9 km']);
    expect(second.total).toBe(4);
  });

  it('searches around a city’s centre', async () => {
    const douala = CAMEROON_CITIES.douala;
    const event = await insertEvent(app, organizer.user.id, {
      title: 'Concert à Akwa',
      latitude: douala.latitude + 0.01,
      longitude: douala.longitude,
      ...future,
    });
    const body = (await nearby('city=douala&radiusKm=5&limit=100')).json();
    expect(body.centre).toEqual({ latitude: douala.latitude, longitude: douala.longitude, city: 'Douala' });
    const found = body.items.find((item: { _id: string }) => item._id === event.id);
    expect(found?.distanceKm).toBe(1.1);
    expect(
      (await nearby('city=yaounde&radiusKm=5&limit=100')).json().items.map((item: { _id: string }) => item._id),
    ).not.toContain(event.id);
  });

  it('is premium: freemium and an ended premium get 403 PREMIUM_REQUIRED, manage_events passes, anonymous 401', async () => {
    const refused = await nearby(at(base), freemium);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: PREMIUM_REQUIRED_MESSAGE });
    expect((await nearby(at(base), manager)).statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'GET', url: `/api/events/nearby?${at(base)}` });
    expect(anonymous.statusCode).toBe(401);
    const ended = await signedIn(app);
    await app.db
      .update(users)
      .set({ plan: 'premium', premiumUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, ended.user.id));
    expect((await nearby(at(base), ended)).json().code).toBe('PREMIUM_REQUIRED');
  });

  it('refuses bad input with French messages', async () => {
    const cases: [string, string][] = [
      ['', NEAR_POSITION_REQUIRED],
      ['latitude=4', NEAR_POSITION_REQUIRED],
      ['latitude=91&longitude=9', 'La latitude est comprise entre -90 et 90'],
      ['latitude=4&longitude=-181', 'La longitude est comprise entre -180 et 180'],
      ['latitude=abc&longitude=9', 'La latitude est comprise entre -90 et 90'],
      ['city=douala&radiusKm=0', NEAR_RADIUS_RANGE],
      ['city=douala&radiusKm=101', NEAR_RADIUS_RANGE],
      ['city=paris', 'Ville inconnue'],
    ];
    for (const [query, message] of cases) {
      const response = await nearby(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
    expect((await nearby('city=douala&page=101')).json().code).toBe('PAGE_TOO_DEEP');
  });

  it('is served by the partial GiST index (bounding box and KNN order)', async () => {
    const box = boundingBox(4.05, 9.77, 10);
    await app.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf<Record<string, string>>(
        await app.db.execute(sql`explain select id from events
          where status = 'published' and is_public and latitude is not null and longitude is not null
            and point(longitude, latitude) <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))
          order by point(longitude, latitude) <-> point(9.77::float8, 4.05::float8) limit 10`),
      )
        .map((row) => Object.values(row).join(' '))
        .join('\n');
      expect(plan).toContain('events_public_location_idx');
    } finally {
      await app.db.execute(sql`reset enable_seqscan`);
    }
  });
});
