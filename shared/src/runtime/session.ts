/**
 * The visit's identity (spec section 7: a uuid created at start-up when missing and
 * sent as the `uuid` header). Session storage keeps it across reloads of the tab,
 * so seat holds survive a refresh, while another tab or browser is another visit.
 */
const UUID_KEY = 'ticketing.uuid';

function store(): Storage | undefined {
  try { return globalThis.sessionStorage; } catch { return undefined; }
}

export function getSessionUuid(): string {
  const s = store();
  let id = s?.getItem(UUID_KEY) ?? undefined;
  if (!id) {
    id = crypto.randomUUID();
    s?.setItem(UUID_KEY, id);
  }
  return id;
}

/** Session-scoped JSON value shared across remotes (customer session, order draft). */
export function readSession<T>(key: string): T | undefined {
  const raw = store()?.getItem(`ticketing.${key}`);
  if (!raw) return undefined;
  try { return JSON.parse(raw) as T; } catch { return undefined; }
}

export function writeSession(key: string, value: unknown): void {
  if (value === undefined) store()?.removeItem(`ticketing.${key}`);
  else store()?.setItem(`ticketing.${key}`, JSON.stringify(value));
}
