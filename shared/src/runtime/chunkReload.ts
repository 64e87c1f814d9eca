/**
 * Spec section 2: a failed chunk load reloads the page, but only if the last such
 * reload was more than 60 seconds ago (so a broken deploy cannot loop).
 */
export const CHUNK_RELOAD_KEY = 'ticketing.lastChunkReload';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | undefined;
  return !!e && (e.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed|Failed to fetch dynamically imported module/i.test(e.message ?? ''));
}

/** Returns true when it reloaded. `now` and `storage` are injectable for tests. */
export function reloadAfterChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  reload: () => void = () => location.reload(),
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last <= CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
