import { readSession, writeSession } from '@ticketing/shared';

/**
 * One idempotency key per checkout attempt (issue 4 §6). It lives in session storage so a
 * retried commit (network error, reload of the tab, double click) sends the same key and the
 * api returns the same reservation instead of charging or selling twice. The key is bound to
 * the cart it was made for: the same cart reuses it, another cart (a new payment, another
 * voucher, other seats) starts a new attempt — the api refuses one key for two carts.
 */
const KEY = 'checkout.idempotency';
interface Stored { key: string; fingerprint: string }

/** A stable fingerprint of a JSON value (key order independent). */
export function fingerprint(value: unknown): string {
  const norm = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(norm)
      : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, norm((v as Record<string, unknown>)[k])]))
        : v;
  const s = JSON.stringify(norm(value)) ?? '';
  let h1 = 0x811c9dc5, h2 = 0x01000193;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `${h1.toString(36)}${h2.toString(36)}${s.length.toString(36)}`;
}

/** The attempt's key for this cart: reused while the cart is the same, new when it changed or none exists. */
export function getIdempotencyKey(cart: unknown): string {
  const fp = fingerprint(cart);
  const stored = readSession<Stored>(KEY);
  if (stored && stored.fingerprint === fp) return stored.key;
  const key = crypto.randomUUID();
  writeSession(KEY, { key, fingerprint: fp } satisfies Stored);
  return key;
}

export function peekIdempotencyKey(): string | undefined {
  return readSession<Stored>(KEY)?.key;
}

/** Ends the attempt (order confirmed, refused for good, cancelled or reset). */
export function clearIdempotencyKey(): void {
  writeSession(KEY, undefined);
}
