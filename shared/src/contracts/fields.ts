import { z } from 'zod';

/** Small field builders shared by the contract files (not exported from the contracts index). */
export const qInt = z.coerce.number().int().positive();
export const OptStr = (max = 200) => z.string().max(max).optional().nullable();
