import { z } from 'zod';
import { qInt } from './fields';

// =====================================================================================
// Mini-sites
// =====================================================================================

export const MiniSiteParams = z.object({ url: z.string().min(1).max(200) });
export const MiniSite = z.object({
  id: z.number().int(),
  URL: z.string(),
  name: z.string(),
  /** How the page lists presentations. */
  PresentationList: z.enum(['list', 'calendar', 'byFeature']),
  locationId: z.number().int().nullable(),
  featureIds: z.array(z.number().int()).nullable(),
  /** Ticket kinds (tickets' code, e.g. 'employee') that need reference validation (GET /mini-site/validate/{url}). */
  referenceTicketCodes: z.array(z.string()),
  requiresReference: z.boolean(),
  brandColor: z.string(),
  logoText: z.string(),
});
export type MiniSite = z.infer<typeof MiniSite>;
export const MiniSiteResponse = z.object({ miniSite: MiniSite });
export type MiniSiteResponse = z.infer<typeof MiniSiteResponse>;
export const MiniSiteValidateQuery = z.object({
  ticketId: qInt,
  reference1: z.string().trim().min(1).max(100),
  reference2: z.string().trim().max(100).optional(),
  /** check (default): only answers; redeem is done by the commit. */
  mode: z.string().max(20).optional(),
});
export const MiniSiteValidateResponse = z.object({ TicketId: z.number().int(), Balance: z.number().int() });
export type MiniSiteValidateResponse = z.infer<typeof MiniSiteValidateResponse>;
