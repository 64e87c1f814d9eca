import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { createSpaLifecycles, type RemoteDefinition } from '../src/spa/lifecycles';

function definition(firstScreen?: () => Promise<unknown>): RemoteDefinition {
  return {
    name: 'mf-test', version: '1.0.0', basename: '', namespace: 'test',
    resources: { he: async () => ({ title: 'כותרת' }), en: async () => ({ title: 'Title' }), ru: async () => ({ title: 'Заголовок' }), ar: async () => ({ title: 'عنوان' }), pl: async () => ({ title: 'Tytuł' }) },
    App: () => null,
    createStore: () => configureStore({ reducer: { x: (s: number = 0) => s } }),
    firstScreen,
  };
}

/** Resolves to 'done' when `p` settles within the turns of the event loop the test allows, else 'pending'. */
async function settled(p: Promise<unknown>): Promise<'done' | 'pending'> {
  return Promise.race([p.then(() => 'done' as const), new Promise<'pending'>((r) => setTimeout(() => r('pending'), 30))]);
}

describe('a remote\'s bootstrap and the code of its first screen (issue 12: no loading screen for code on its way)', () => {
  it('bootstrap waits for the first screen\'s code beside the texts', async () => {
    let arrive!: () => void;
    const code = new Promise<void>((r) => { arrive = r; });
    const { bootstrap } = createSpaLifecycles(definition(() => code));
    const boot = bootstrap();
    expect(await settled(boot)).toBe('pending');
    arrive();
    expect(await settled(boot)).toBe('done');
  });

  it('a first screen whose code fails to load does not fail the remote: its own load reports it later', async () => {
    const { bootstrap } = createSpaLifecycles(definition(() => Promise.reject(new Error('Loading chunk 3 failed.'))));
    await expect(bootstrap()).resolves.toBeUndefined();
  });

  it('a remote without a first-screen chunk starts as before', async () => {
    const { bootstrap } = createSpaLifecycles(definition());
    expect(await settled(bootstrap())).toBe('done');
  });
});

describe('a remote\'s bootstrap in a task of its own (issue 12: Total Blocking Time)', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('yields to the browser before it starts the texts and the first screen\'s code', async () => {
    let resume!: () => void;
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((r) => { resume = r; }) });
    const firstScreen = vi.fn(() => Promise.resolve());
    const boot = createSpaLifecycles(definition(firstScreen)).bootstrap();
    await Promise.resolve();
    await Promise.resolve();
    expect(firstScreen).not.toHaveBeenCalled(); // still the task that evaluated the remote's modules
    resume();
    expect(await settled(boot)).toBe('done');
    expect(firstScreen).toHaveBeenCalledTimes(1);
  });
});
