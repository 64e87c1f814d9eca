import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadAfterChunkError } from '../src/runtime/chunkReload';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = { ...initial };
  return { getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => { data[k] = v; } };
}

describe('chunk-load reload rule (spec section 2)', () => {
  it('recognises chunk load errors', () => {
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
  it('reloads when the last reload was over 60 s ago, not within', () => {
    const reload = vi.fn();
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: String(1_000_000) });
    expect(reloadAfterChunkError(storage, reload, 1_000_000 + 30_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(reloadAfterChunkError(storage, reload, 1_000_000 + 61_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError(storage, reload, 1_000_000 + 62_000)).toBe(false);
  });
});
