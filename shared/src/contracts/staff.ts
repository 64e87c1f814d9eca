import * as zm from 'zod/mini';
import { lazy } from './lazy';

/**
 * Staff contracts (issue 6; spec sections 3, 6, 7): staff sign-in. The PresLive dashboard's calls are in
 * preslive.ts, the ticket reference admin's in ticketref.ts, their common parameters in staffParams.ts.
 * All calls live under /api. Field names follow spec section 3 (PascalCase where the spec names them).
 * Written with zod/mini: the sign-in screen of both staff remotes reads StaffUser before anything else, and
 * should not bring zod's whole classic API with it (issue 12, /PRES-live's first screen).
 */

export { QueryBool, StaffDate, MAX_RANGE_DAYS } from './staffParams';

// ---------- staff auth ----------

export const StaffLoginBody = lazy(() => zm.object({
  username: zm.string().check(zm.trim(), zm.minLength(3), zm.maxLength(50)),
  password: zm.string().check(zm.minLength(6), zm.maxLength(100)),
}));
export type StaffLoginBody = zm.infer<typeof StaffLoginBody>;

/** Spec section 3: Staff user. */
export const StaffUser = lazy(() => zm.object({
  userId: zm.int(),
  FirstName: zm.string(),
  LastName: zm.string(),
  businessIds: zm.array(zm.int()),
}));
export type StaffUser = zm.infer<typeof StaffUser>;

export const StaffLogoutResponse = lazy(() => zm.object({ success: zm.boolean() }));
