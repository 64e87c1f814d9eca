import type * as z from 'zod/mini';

/**
 * Helpers for the staff remotes' RTK Query endpoints (PresLive, ticket-ref).
 * Responses are parsed with the shared contracts, so a mismatch surfaces as an error, not as bad figures.
 */
export const parseWith = <S extends z.ZodMiniType>(schema: S) => (raw: unknown): z.output<S> => schema.parse(raw);

/** A query string from the parameters that have a value (undefined, null and '' are left out). */
export const queryString = (o: Record<string, string | number | boolean | undefined | null>) =>
  new URLSearchParams(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)])).toString();
