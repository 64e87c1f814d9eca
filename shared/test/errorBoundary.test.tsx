import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../src/ui/ErrorBoundary';
import { CHUNK_RELOAD_KEY } from '../src/runtime/chunkReload';

const chunkError = () => Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' });
function Throws({ error }: { error: Error }): never { throw error; }

function renderFailing(error: Error) {
  return render(<ErrorBoundary name="mf-x" fallback={<p>unavailable</p>}><Throws error={error} /></ErrorBoundary>);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a remote\'s error boundary (spec section 2: a failed chunk load reloads the page at most once a minute)', () => {
  it('a failed chunk load reloads the page and shows nothing meanwhile, not the fallback', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { container } = renderFailing(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(Number(localStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThan(Date.now() - 5_000);
    expect(screen.queryByText('unavailable')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('within a minute of the last reload it shows the fallback and does not reload again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    localStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 10_000));
    renderFailing(chunkError());
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('unavailable')).toBeTruthy();
  });

  it('any other error shows the fallback without a reload', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    renderFailing(new Error('boom'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText('unavailable')).toBeTruthy();
  });
});
