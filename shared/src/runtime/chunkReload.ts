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

/** Whether a failed chunk load would reload the page now (the last such reload over a minute ago). */
export function chunkReloadDue(storage: Pick<Storage, 'getItem'> = localStorage, now = Date.now()): boolean {
  return now - Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0) > CHUNK_RELOAD_INTERVAL_MS;
}

/** Returns true when it reloaded. `now` and `storage` are injectable for tests. */
export function reloadAfterChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  reload: () => void = () => location.reload(),
  now = Date.now(),
): boolean {
  if (!chunkReloadDue(storage, now)) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
