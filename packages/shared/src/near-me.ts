import { z } from 'zod';
import { pageQuerySchema, pageOf } from './common';
import { eventSummarySchema } from './events';

/*
 * 'Près de moi' (issue 28 item 1, premium, decision 057): the published public events not yet
 * ended within a distance of a position (the phone's, or a city's centre), nearest first.
 */

/** The main Cameroonian cities' centres (key → name, latitude, longitude in degrees, WGS 84). */
export const CAMEROON_CITIES = {
  douala: { name: 'Douala', latitude: 4.0511, longitude: 9.7679 },
  yaounde: { name: 'Yaoundé', latitude: 3.848, longitude: 11.5021 },
  bafoussam: { name: 'Bafoussam', latitude: 5.4781, longitude: 10.4176 },
  garoua: { name: 'Garoua', latitude: 9.3014, longitude: 13.3977 },
  bamenda: { name: 'Bamenda', latitude: 5.9597, longitude: 10.1459 },
  maroua: { name: 'Maroua', latitude: 10.591, longitude: 14.3159 },
  ngaoundere: { name: 'Ngaoundéré', latitude: 7.3167, longitude: 13.5833 },
  bertoua: { name: 'Bertoua', latitude: 4.5833, longitude: 13.6833 },
  ebolowa: { name: 'Ebolowa', latitude: 2.9, longitude: 11.15 },
  kribi: { name: 'Kribi', latitude: 2.9404, longitude: 9.9101 },
  limbe: { name: 'Limbé', latitude: 4.0167, longitude: 9.2167 },
  buea: { name: 'Buea', latitude: 4.1527, longitude: 9.2413 },
  kumba: { name: 'Kumba', latitude: 4.6363, longitude: 9.4469 },
  nkongsamba: { name: 'Nkongsamba', latitude: 4.9547, longitude: 9.9404 },
  dschang: { name: 'Dschang', latitude: 5.4443, longitude: 10.0533 },
  edea: { name: 'Edéa', latitude: 3.8, longitude: 10.1333 },
} as const;
export type CameroonCity = keyof typeof CAMEROON_CITIES;
export const CAMEROON_CITY_KEYS = Object.keys(CAMEROON_CITIES) as [CameroonCity, ...CameroonCity[]];

export const NEAR_RADIUS_MIN_KM = 1;
export const NEAR_RADIUS_MAX_KM = 100;
export const NEAR_RADIUS_DEFAULT_KM = 10;
/** 'Près de moi' pages no deeper than its 1 000 nearest events. */
export const NEAR_DEPTH_MAX = 1000;

/** Mean Earth radius (km) of the great-circle distances. */
export const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance in km between two positions (haversine); the API computes the same in SQL. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export const NEAR_POSITION_REQUIRED = 'Indiquez une position (latitude et longitude) ou une ville';
export const NEAR_LATITUDE_RANGE = 'La latitude est comprise entre -90 et 90';
export const NEAR_LONGITUDE_RANGE = 'La longitude est comprise entre -180 et 180';
export const NEAR_RADIUS_RANGE = `Le rayon est compris entre ${NEAR_RADIUS_MIN_KM} et ${NEAR_RADIUS_MAX_KM} km`;
export const NEAR_UNKNOWN_CITY = 'Ville inconnue';

/** `GET /events/nearby`: a position (latitude and longitude) or a city's centre, a radius, a page. */
export const nearbyEventsQuerySchema = pageQuerySchema
  .extend({
    latitude: z.coerce
      .number({ message: NEAR_LATITUDE_RANGE })
      .min(-90, { message: NEAR_LATITUDE_RANGE })
      .max(90, { message: NEAR_LATITUDE_RANGE })
      .optional(),
    longitude: z.coerce
      .number({ message: NEAR_LONGITUDE_RANGE })
      .min(-180, { message: NEAR_LONGITUDE_RANGE })
      .max(180, { message: NEAR_LONGITUDE_RANGE })
      .optional(),
    city: z.enum(CAMEROON_CITY_KEYS, { message: NEAR_UNKNOWN_CITY }).optional(),
    radiusKm: z.coerce
      .number({ message: NEAR_RADIUS_RANGE })
      .min(NEAR_RADIUS_MIN_KM, { message: NEAR_RADIUS_RANGE })
      .max(NEAR_RADIUS_MAX_KM, { message: NEAR_RADIUS_RANGE })
      .default(NEAR_RADIUS_DEFAULT_KM),
  })
  .superRefine((query, context) => {
    const hasPosition = query.latitude !== undefined && query.longitude !== undefined;
    const halfPosition = (query.latitude === undefined) !== (query.longitude === undefined);
    if ((!hasPosition && query.city === undefined) || halfPosition) {
      context.addIssue({ code: 'custom', message: NEAR_POSITION_REQUIRED, path: ['latitude'] });
    }
  });
export type NearbyEventsQuery = z.input<typeof nearbyEventsQuerySchema>;

/** One event of 'Près de moi': the list's row with its distance from the centre, in km (one decimal). */
export const nearbyEventSchema = eventSummarySchema.extend({ distanceKm: z.number() });
export type NearbyEvent = z.infer<typeof nearbyEventSchema>;

export const nearbyEventsResponseSchema = pageOf(nearbyEventSchema).extend({
  /** The centre searched around (the position given, or the city's centre) and the radius. */
  centre: z.object({ latitude: z.number(), longitude: z.number(), city: z.string().nullable() }),
  radiusKm: z.number(),
});
export type NearbyEventsResponse = z.infer<typeof nearbyEventsResponseSchema>;
