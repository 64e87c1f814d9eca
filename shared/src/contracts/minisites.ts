import * as z from 'zod/mini';
import { lazy } from './lazy';
import { qInt } from './fields';

// =====================================================================================
// Mini-sites
// =====================================================================================

export const MiniSiteParams = lazy(() => z.object({ url: z.string().check(z.minLength(1), z.maxLength(200)) }));
export const MiniSite = lazy(() => z.object({
  id: z.int(),
  URL: z.string(),
  name: z.string(),
  /** How the page lists presentations. */
  PresentationList: z.enum(['list', 'calendar', 'byFeature']),
  locationId: z.nullable(z.int()),
  featureIds: z.nullable(z.array(z.int())),
  /** Ticket kinds (tickets' code, e.g. 'employee') that need reference validation (GET /mini-site/validate/{url}). */
  referenceTicketCodes: z.array(z.string()),
  requiresReference: z.boolean(),
  brandColor: z.string(),
  logoText: z.string(),
}));
export type MiniSite = z.infer<typeof MiniSite>;
export const MiniSiteResponse = lazy(() => z.object({ miniSite: MiniSite }));
export type MiniSiteResponse = z.infer<typeof MiniSiteResponse>;
export const MiniSiteValidateQuery = lazy(() => z.object({
  ticketId: qInt,
  reference1: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  reference2: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** check (default): only answers; redeem is done by the commit. */
  mode: z.optional(z.string().check(z.maxLength(20))),
}));
export const MiniSiteValidateResponse = lazy(() => z.object({ TicketId: z.int(), Balance: z.int() }));
export type MiniSiteValidateResponse = z.infer<typeof MiniSiteValidateResponse>;
