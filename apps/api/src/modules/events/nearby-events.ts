import { AppError } from '../../lib/errors';
import {
  CAMEROON_CITIES,
  EARTH_RADIUS_KM,
  NEAR_DEPTH_MAX,
  type NearbyEventsResponse,
  type nearbyEventsQuerySchema,
} from '@app/shared/near-me';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { eventImages, events, partners, users } from '../../db/schema/index';
import type { SessionUser } from '../auth/session.service';
import { assertPremium } from '../premium/premium-policy';
import { baseView, imageView } from './event-views';
import { creatorName } from './events.repository';

/*
 * 'Près de moi' (issue 28 item 1, decision 057): the published public events not yet ended within
 * `radiusKm` of a centre, nearest first, premium only (assertPremium).
 *
 * The read: the partial GiST index `events_public_location_idx` on `point(longitude, latitude)`
 * (published, public, with coordinates) answers a bounding box of the circle (`<@ box`) and walks
 * it nearest first by the KNN operator `<->`; the exact great-circle distance (haversine) of each
 * row read then drops the box's corners beyond the radius. `<->` measures in degrees, whose
 * longitude is worth cos(latitude) of a latitude degree: in Cameroon (2°–13° N) that order differs
 * from the true one by under 3 %, so each page is re-sorted by the true distance (decision 057).
 */

type NearbyQuery = z.output<typeof nearbyEventsQuerySchema>;

const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;
const PAGE_TOO_DEEP = 'Page trop lointaine : réduisez le rayon pour voir ces événements';

/** The haversine distance (km) from the centre to an event's coordinates, in SQL. */
function distanceSql(latitude: number, longitude: number) {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${events.latitude} - ${latitude}::float8) / 2), 2)
    + cos(radians(${latitude}::float8)) * cos(radians(${events.latitude}))
      * power(sin(radians(${events.longitude} - ${longitude}::float8) / 2), 2)))))`;
}

/** The box (degrees) around a circle of `radiusKm`: its latitude span, and its longitude span at its widest latitude. */
export function boundingBox(latitude: number, longitude: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const widest = Math.min(89.9, Math.abs(latitude) + dLat);
  const dLon = Math.min(180, radiusKm / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180)));
  return { south: latitude - dLat, north: latitude + dLat, west: longitude - dLon, east: longitude + dLon };
}

export async function nearbyEventsFor(
  deps: { db: Database },
  actor: SessionUser,
  query: NearbyQuery,
  now = new Date(),
): Promise<NearbyEventsResponse> {
  await assertPremium(deps.db, actor, now);
  const city = query.city ? CAMEROON_CITIES[query.city] : null;
  const latitude = city ? city.latitude : (query.latitude as number);
  const longitude = city ? city.longitude : (query.longitude as number);
  const offset = (query.page - 1) * query.limit;
  if (offset >= NEAR_DEPTH_MAX) throw new AppError('PAGE_TOO_DEEP', PAGE_TOO_DEEP, { page: [PAGE_TOO_DEEP] });
  const box = boundingBox(latitude, longitude, query.radiusKm);
  const distance = distanceSql(latitude, longitude);
  // The index's own predicate, written as in the schema so the planner matches the partial index.
  const within = sql`${events.status} = 'published' and ${events.isPublic}
    and ${events.latitude} is not null and ${events.longitude} is not null
    and point(${events.longitude}, ${events.latitude}) <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))
    and ${events.endDateTime} >= ${now.toISOString()}::timestamptz
    and ${distance} <= ${query.radiusKm}::float8`;
  const nearest = sql`point(${events.longitude}, ${events.latitude}) <-> point(${longitude}::float8, ${latitude}::float8)`;

  const pageRows = rowsOf<{ id: string; distance_km: number }>(
    await deps.db.execute(sql`select ${events.id} as id, ${distance} as distance_km from ${events}
      where ${within} order by ${nearest} limit ${query.limit} offset ${offset}`),
  );
  const countRows = rowsOf<{ total: number }>(
    await deps.db.execute(
      sql`select count(*)::int as total from (select 1 from ${events} where ${within} limit ${NEAR_DEPTH_MAX}) within_radius`,
    ),
  );
  const total = Number(countRows[0]?.total ?? 0);
  const ids = pageRows.map((row) => row.id);
  const distances = new Map(pageRows.map((row) => [row.id, Number(row.distance_km)]));
  const rows =
    ids.length === 0
      ? []
      : await deps.db
          .select({ event: events, creatorName })
          .from(events)
          .leftJoin(users, eq(users.id, events.organizerId))
          .leftJoin(partners, eq(partners.id, events.partnerId))
          .where(inArray(events.id, ids));
  const covers =
    ids.length === 0
      ? []
      : await deps.db
          .select()
          .from(eventImages)
          .where(and(inArray(eventImages.eventId, ids), eq(eventImages.position, 0)));
  const coverOf = new Map(covers.map((image) => [image.eventId, image]));
  const items = rows
    .map((row) => {
      const cover = coverOf.get(row.event.id);
      const distanceKm = distances.get(row.event.id) ?? 0;
      return {
        ...baseView({ ...row.event, creatorName: row.creatorName }),
        cover: cover ? imageView(cover) : null,
        distanceKm: Math.round(distanceKm * 10) / 10,
        exact: distanceKm,
      };
    })
    .sort((a, b) => a.exact - b.exact || a._id.localeCompare(b._id))
    .map(({ exact: _exact, ...item }) => item);
  return { items, total, centre: { latitude, longitude, city: city ? city.name : null }, radiusKm: query.radiusKm };
}
