import { z } from 'zod';

/**
 * Staff contracts (issue 6; spec sections 3, 6, 7): staff sign-in. The PresLive dashboard's calls are in
 * preslive.ts, the ticket reference admin's in ticketref.ts, their common parameters in staffParams.ts.
 * All calls live under /api. Field names follow spec section 3 (PascalCase where the spec names them).
 */

export { QueryBool, StaffDate, MAX_RANGE_DAYS } from './staffParams';

// ---------- staff auth ----------

export const StaffLoginBody = z.object({
  username: z.string().trim().min(3).max(50),
  password: z.string().min(6).max(100),
});
export type StaffLoginBody = z.infer<typeof StaffLoginBody>;

/** Spec section 3: Staff user. */
export const StaffUser = z.object({
  userId: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  businessIds: z.array(z.number().int()),
});
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffLogoutResponse = z.object({ success: z.boolean() });
