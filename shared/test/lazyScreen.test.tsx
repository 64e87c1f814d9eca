import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { lazyScreen } from '../src/ui/lazyScreen';

afterEach(cleanup);

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return <button type="button" onClick={() => setN(n + 1)}>{label} {n}</button>;
}

/** A screen whose chunk resolves when the test says so; `loads` counts the imports started. */
function deferredScreen() {
  let resolve!: (c: typeof Counter) => void;
  const load = vi.fn(() => new Promise<typeof Counter>((r) => { resolve = r; }));
  const Screen = lazyScreen(load, <p>loading</p>);
  return { Screen, load, arrive: () => act(async () => { resolve(Counter); }) };
}

describe('lazyScreen: a screen loaded as a chunk of its own (issue 12: no loading screen for code already there)', () => {
  it('after preload() it renders the screen at once: no fallback, no suspension', async () => {
    const { Screen, load, arrive } = deferredScreen();
    const ready = Screen.preload();
    await arrive();
    await ready;
    render(<Screen label="seats" />);
    // synchronously after render: React.lazy would show the fallback here and the screen only in a later commit
    expect(screen.getByRole('button').textContent).toBe('seats 0');
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('before its code has arrived it shows the fallback, then the screen; the import starts once', async () => {
    const { Screen, load, arrive } = deferredScreen();
    void Screen.preload();
    render(<Screen label="tickets" />);
    expect(screen.getByText('loading')).toBeTruthy();
    await arrive();
    expect(await screen.findByRole('button')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a screen mounted through Suspense keeps its state when its parent renders again after the code arrived', async () => {
    const { Screen, arrive } = deferredScreen();
    const view = render(<Screen label="a" />);
    await arrive();
    const button = await screen.findByRole('button');
    await act(async () => { button.click(); });
    expect(button.textContent).toBe('a 1');
    view.rerender(<Screen label="b" />);
    // the same instance (not remounted on the direct path): the count is kept
    expect(screen.getByRole('button').textContent).toBe('b 1');
  });

  it('a failed load may be tried again: preload() rejects, the next preload() imports again', async () => {
    const load = vi.fn<() => Promise<typeof Counter>>()
      .mockImplementationOnce(() => Promise.reject(new Error('Loading chunk 9 failed.')))
      .mockImplementationOnce(() => Promise.resolve(Counter));
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('Loading chunk 9 failed.');
    await Screen.preload();
    render(<Screen label="again" />);
    expect(screen.getByRole('button').textContent).toBe('again 0');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
