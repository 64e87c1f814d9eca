import * as z from 'zod/mini';
import { lazy } from './lazy';
import { IsoDateTime, Money } from './catalog';

// =====================================================================================
// Video on demand: GET /vod
// =====================================================================================

export const VodTitle = lazy(() => z.object({
  featureId: z.int(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.int(),
  rating: z.string(),
  presentationId: z.int(),
  venueTypeId: z.int(),
  /** The offering's venue (e.g. 'Watch at home', 'Watch at home premium'): what tells a title's offerings apart. */
  venueName: z.string(),
  /** 101 and 102 clear all cart presentations when loaded (spec 4). */
  clearsCart: z.boolean(),
  availableFrom: IsoDateTime,
  tickets: z.array(z.object({ id: z.int(), name: z.string(), price: Money, serviceCharge: Money })),
}));
export type VodTitle = z.infer<typeof VodTitle>;
export const VodResponse = lazy(() => z.object({ titles: z.array(VodTitle) }));
export type VodResponse = z.infer<typeof VodResponse>;
