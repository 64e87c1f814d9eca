import type { CommitBody, CommitResponse } from '@ticketing/shared';
import { clearIdempotencyKey, getIdempotencyKey } from './idempotency';

export type CommitOutcome =
  | { status: 'skipped'; reservationIdentifier: string }
  | { status: 'committed'; response: CommitResponse }
  | { status: 'failed'; error: unknown; retryable: boolean };

/** No answer, or the server failed: the same attempt may be sent again (same key). */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status !== 'number' || status >= 500;
}

/**
 * Spec section 4 commit: if a reservation identifier already exists nothing is sent; otherwise
 * the cart is sent with the attempt's Idempotency-Key. A retryable failure keeps the key (a retry
 * sends the same one and can never charge twice); a definite refusal ends the attempt.
 */
export async function commitOrder(args: {
  existingReservation: string | null | undefined;
  body: CommitBody;
  send: (body: CommitBody, idempotencyKey: string) => Promise<CommitResponse>;
}): Promise<CommitOutcome> {
  if (args.existingReservation) return { status: 'skipped', reservationIdentifier: args.existingReservation };
  const key = getIdempotencyKey(args.body);
  try {
    const response = await args.send(args.body, key);
    clearIdempotencyKey();
    return { status: 'committed', response };
  } catch (error) {
    const retryable = isRetryable(error);
    if (!retryable) clearIdempotencyKey();
    return { status: 'failed', error, retryable };
  }
}
