import * as z from 'zod/mini';
import { lazy } from './lazy';

/** GET /api/features/{id}/placeholderImage — the film's poster (SVG, generated when none is stored). */
export const FeatureImageParams = lazy(() => z.object({ id: z.coerce.number().check(z.int(), z.positive()) }));
export type FeatureImageParams = z.infer<typeof FeatureImageParams>;
export const FeatureImageQuery = lazy(() => z.object({ lang: z.optional(z.enum(['he', 'en', 'ru', 'ar', 'pl'])) }));

export { featureImagePath } from './posterPath';

/** GET /api/integration?TS=&ret=&key= (spec section 7): a partner's signed-in hand-over, checked by the api. */
export const IntegrationQuery = lazy(() => z.object({
  /** Unix time (seconds or milliseconds) the partner created the link. */
  TS: z.optional(z.coerce.number().check(z.int(), z.positive())),
  ts: z.optional(z.coerce.number().check(z.int(), z.positive())),
  /** Where to send the visitor back to (must be on the partner's registered origin). */
  ret: z.string().check(z.minLength(1), z.maxLength(2000)),
  /** The integration id. */
  key: z.string().check(z.minLength(1), z.maxLength(100)),
}).check(z.refine((q) => q.TS !== undefined || q.ts !== undefined, { message: 'TS is required', path: ['TS'] })));
export type IntegrationQuery = z.infer<typeof IntegrationQuery>;

export const IntegrationData = lazy(() => z.object({
  integrationId: z.string(),
  name: z.string(),
  ret: z.string(),
  ts: z.int(),
  /** Until when the hand-over may be used (ISO). */
  validUntil: z.string(),
}));
export type IntegrationData = z.infer<typeof IntegrationData>;
export const IntegrationResponse = lazy(() => z.object({ integration: IntegrationData }));
export type IntegrationResponse = z.infer<typeof IntegrationResponse>;
