import { describe, expect, it } from 'vitest';
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
