import { z } from 'zod';
import { OrderSteps } from './config';

/**
 * Development / demo only (absent in production): previews a start-up configuration for one visit
 * (its `uuid`), so the step order and the idle time can be tried without restarting the api and
 * without changing what other visitors get.
 */
export const ConfigPreviewBody = z.object({
  uuid: z.string().min(8).max(100).regex(/^[\w-]+$/),
  orderSteps: OrderSteps.optional(),
  idleTimeMs: z.number().int().min(1000).max(3_600_000).optional(),
});
export type ConfigPreviewBody = z.infer<typeof ConfigPreviewBody>;

/** GET /config may carry the visit's uuid (only a development preview uses it). */
export const ConfigHeaders = z.object({ uuid: z.string().max(100).optional() });
