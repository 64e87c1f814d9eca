import * as z from 'zod/mini';
import { lazy } from './lazy';

/** Small field builders shared by the contract files (not exported from the contracts index). */
export const qInt = lazy(() => z.coerce.number().check(z.int(), z.positive()));
export const OptStr = (max = 200) => z.nullable(z.optional(z.string().check(z.maxLength(max))));
