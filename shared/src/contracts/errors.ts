import { z } from 'zod';

/** The JSON error body every api failure returns. */
export const ApiError = z.object({
  error: z.string(),
  message: z.string().optional(),
  issues: z.array(z.unknown()).optional(),
});
export type ApiError = z.infer<typeof ApiError>;
