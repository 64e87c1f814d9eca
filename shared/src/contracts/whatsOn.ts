import * as zm from 'zod/mini';
import { lazy } from './lazy';
import { IsoDate, IsoDateTime, SeatingMode } from './formats';

/** What's on: the films (GET /features) and a day's presentations (GET /seats/presentations). zod/mini: see formats.ts. */

export const Feature = lazy(() => zm.object({
  id: zm.int(),
  name: zm.string(),
  /** Name in the other language (he ↔ en), for bilingual displays. */
  alternateName: zm.string(),
  description: zm.string(),
  durationMinutes: zm.int(),
  rating: zm.string(),
  genre: zm.string(),
  releaseDate: IsoDate,
  isVod: zm.boolean(),
  imageUrl: zm.nullable(zm.string()),
}));
export type Feature = zm.infer<typeof Feature>;

export const FeaturesResponse = lazy(() => zm.object({ features: zm.array(Feature) }));
export type FeaturesResponse = zm.infer<typeof FeaturesResponse>;

export const DayPresentation = lazy(() => zm.object({
  id: zm.int(),
  featureId: zm.int(),
  featureName: zm.string(),
  locationId: zm.int(),
  locationName: zm.string(),
  venueId: zm.int(),
  venueName: zm.string(),
  venueTypeId: zm.int(),
  dateTime: IsoDateTime,
  /** HH:MM in Asia/Jerusalem. */
  time: zm.string(),
  seatingMode: SeatingMode,
  isReserved: zm.boolean(),
  isGA: zm.int(),
  capacity: zm.int(),
  available: zm.int(),
  locationOffline: zm.boolean(),
  isVod: zm.boolean(),
}));
export type DayPresentation = zm.infer<typeof DayPresentation>;
export const DayPresentationsResponse = lazy(() => zm.object({ date: IsoDate, presentations: zm.array(DayPresentation) }));
export type DayPresentationsResponse = zm.infer<typeof DayPresentationsResponse>;
