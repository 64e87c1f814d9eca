/** A cancelled payment restarts the order with a full page load; this flag carries the "why" across it. */
const KEY = 'ticketing.orderRestarted';

export function markOrderRestarted(): void {
  try { sessionStorage.setItem(KEY, '1'); } catch { /* storage blocked: the restart still happens */ }
}

export function wasOrderRestarted(): boolean {
  try { return sessionStorage.getItem(KEY) === '1'; } catch { return false; }
}

/** Forgotten once the restarted order page has shown it. */
export function forgetOrderRestarted(): void {
  try { sessionStorage.removeItem(KEY); } catch { /* nothing to forget */ }
}
