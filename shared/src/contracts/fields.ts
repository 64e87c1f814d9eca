import * as z from 'zod/mini';

/** Small field builders shared by the contract files (not exported from the contracts index). */
export const qInt = z.coerce.number().check(z.int(), z.positive());
export const OptStr = (max = 200) => z.nullable(z.optional(z.string().check(z.maxLength(max))));
