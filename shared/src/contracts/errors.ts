import * as z from 'zod/mini';
import { lazy } from './lazy';

/** The JSON error body every api failure returns. */
export const ApiError = lazy(() => z.object({
  error: z.string(),
  message: z.optional(z.string()),
  issues: z.optional(z.array(z.unknown())),
}));
export type ApiError = z.infer<typeof ApiError>;
