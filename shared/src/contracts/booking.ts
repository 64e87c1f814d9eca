import * as z from 'zod/mini';
import { lazy } from './lazy';
import { OrderSteps } from './config';

/**
 * Development / demo only (absent in production): previews a start-up configuration for one visit
 * (its `uuid`), so the step order and the idle time can be tried without restarting the api and
 * without changing what other visitors get.
 */
export const ConfigPreviewBody = lazy(() => z.object({
  uuid: z.string().check(z.minLength(8), z.maxLength(100), z.regex(/^[\w-]+$/)),
  orderSteps: z.optional(OrderSteps),
  idleTimeMs: z.optional(z.int().check(z.gte(1000), z.lte(3_600_000))),
}));
export type ConfigPreviewBody = z.infer<typeof ConfigPreviewBody>;

/** GET /config may carry the visit's uuid (only a development preview uses it). */
export const ConfigHeaders = lazy(() => z.object({ uuid: z.optional(z.string().check(z.maxLength(100))) }));
