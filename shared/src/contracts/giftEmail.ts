import * as z from 'zod/mini';
import { lazy } from './lazy';
import { stripBidiControls } from '../validation/rules';

/**
 * Sending a bought gift voucher's gift page by e-mail (issue 11 §1): only the visit (or the customer) that bought it,
 * rate-limited per purchase and per recipient address.
 */
export const GiftEmailParams = lazy(() => z.object({ identifier: z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Z0-9]+$/)) }));
export type GiftEmailParams = z.infer<typeof GiftEmailParams>;

export const GiftEmailBody = lazy(() => z.object({
  /** The voucher's code (GV-XXXX-XXXX-XXXX), one of the purchase's. */
  reference: z.string().check(z.minLength(1), z.maxLength(40)),
  to: z.string().check(z.trim(), z.email(), z.maxLength(120)),
  /** A few words from the buyer, above the gift; bidi controls stripped, as the purchase's greeting. */
  message: z.nullable(z.optional(z.string().check(z.overwrite(stripBidiControls), z.trim(), z.maxLength(500)))),
}));
export type GiftEmailBody = z.infer<typeof GiftEmailBody>;

export const GiftEmailResponse = lazy(() => z.object({ sent: z.literal(true), to: z.string() }));
export type GiftEmailResponse = z.infer<typeof GiftEmailResponse>;

/** GET /dev/email-outbox?to= (demo mode only): what the development e-mail provider "sent". */
export const DevEmailQuery = lazy(() => z.object({ to: z.string().check(z.maxLength(120)) }));
export type DevEmailQuery = z.infer<typeof DevEmailQuery>;
export const DevEmailResponse = lazy(() => z.object({
  messages: z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: z.string() })),
}));
export type DevEmailResponse = z.infer<typeof DevEmailResponse>;
