import { Registry } from '@ticketing/shared';
import { REGISTRY_TIMEOUT_MS, type EarlyRegistry } from './earlyStart';

export const REGISTRY_RETRIES = 1;

/**
 * The registry is fetched once per page load (no-store), and every remote of the page is resolved
 * from that one answer: a flip during a visit never mixes two versions in one page; the next load
 * gets the new pointers. Bounded: one retry on a network error or 5xx, a timeout per attempt, then
 * `undefined` (the host starts its shell with a notice instead of hanging).
 */
export async function fetchRegistry(url = '/remotes.json', opts: { fetchImpl?: typeof fetch; timeoutMs?: number; retries?: number; early?: Promise<EarlyRegistry> } = {}): Promise<Registry | undefined> {
  // The page's early script asked first (early.ts), and its request counts as the first attempt: its answer is used,
  // a 4xx or a bad file stays as it is, and after a network error or a 5xx only the retries are left.
  const early = await opts.early;
  if (early && 'body' in early) {
    const parsed = Registry.safeParse(early.body);
    if (parsed.success) return parsed.data;
    console.error('[host] registry unavailable', parsed.error);
    return undefined; // a bad file stays bad
  }
  if (early?.failed === 'final') {
    console.error('[host] registry unavailable', early.reason);
    return undefined;
  }
  const doFetch = opts.fetchImpl ?? ((u: string, i?: RequestInit) => fetch(u, i));
  const retries = opts.retries ?? REGISTRY_RETRIES;
  let lastError: unknown = early?.reason;
  for (let attempt = early ? 1 : 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 250));
    const ctrl = new AbortController();
    const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? REGISTRY_TIMEOUT_MS);
    try {
      const res = await doFetch(url, { cache: 'no-store', signal: ctrl.signal });
      if (!res.ok) {
        lastError = new Error(`registry HTTP ${res.status}`);
        if (res.status < 500) break;
        continue;
      }
      const parsed = Registry.safeParse(await res.json());
      if (parsed.success) return parsed.data;
      lastError = parsed.error;
      break; // a bad file stays bad
    } catch (error) {
      lastError = error;
      if (error instanceof SyntaxError) break; // a bad file stays bad
    } finally {
      clearTimeout(timer);
    }
  }
  console.error('[host] registry unavailable', lastError);
  return undefined;
}
