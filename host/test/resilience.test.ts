import { describe, expect, it } from 'vitest';
import { resiliencePlugin, MAX_RETRIES } from '../src/runtime-plugin/resilience';
import { fetchRegistry } from '../src/registry';
import { pickLocale } from '../src/earlyStart';

const response = (status: number, body = '{}') => new Response(body, { status, headers: { 'content-type': 'application/json' } });

describe('resilience runtime plugin', () => {
  it('retries a manifest fetch on 5xx and network errors, at most MAX_RETRIES times', async () => {
    const calls: string[] = [];
    const answers = [() => { throw new TypeError('Failed to fetch'); }, () => response(503), () => response(200)];
    const plugin = resiliencePlugin({ makeFallback: () => ({}), delayMs: 1, fetchImpl: async (u) => { calls.push(String(u)); return answers[calls.length - 1]!(); } });
    const res = await plugin.fetch!('http://x/mf-manifest.json', {});
    expect((res as Response).status).toBe(200);
    expect(calls).toHaveLength(3);

    let n = 0;
    const down = resiliencePlugin({ makeFallback: () => ({}), delayMs: 1, fetchImpl: async () => { n++; return response(502); } });
    await expect(down.fetch!('http://x/mf-manifest.json', {})).rejects.toThrow('HTTP 502');
    expect(n).toBe(1 + MAX_RETRIES);
  });

  it('does not retry a 404: a missing file stays missing', async () => {
    let n = 0;
    const plugin = resiliencePlugin({ makeFallback: () => ({}), delayMs: 1, fetchImpl: async () => { n++; return response(404); } });
    expect(((await plugin.fetch!('http://x/a', {})) as Response).status).toBe(404);
    expect(n).toBe(1);
  });

  it('resolves a failed remote to the fallback; a chunk-load error goes on to the host\'s loader (reload rule there)', async () => {
    const fallback = { mount: async () => {} };
    const plugin = resiliencePlugin({ makeFallback: (id) => (id === 'mf_x/spa' ? fallback : undefined) });
    const args = { id: 'mf_x/spa', error: new Error('boom'), from: 'runtime', lifecycle: 'onLoad', origin: {} } as never;
    expect(await plugin.errorLoadRemote!(args)).toBe(fallback);
    const chunk = Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' });
    // no fallback: the runtime rethrows, and remotes.ts reloads the page or, within the minute, shows the fallback
    expect(await plugin.errorLoadRemote!({ ...(args as object), error: chunk } as never)).toBeUndefined();
  });
});

describe('fetchRegistry', () => {
  it('retries once on a network error or 5xx, then gives up (the shell starts with the notice)', async () => {
    let n = 0;
    expect(await fetchRegistry('/remotes.json', { fetchImpl: async () => { n++; throw new TypeError('Failed to fetch'); } })).toBeUndefined();
    expect(n).toBe(2);
    n = 0;
    const ok = { config: {}, remotes: [{ name: 'mf-booking', version: '1.0.0', manifest: '/remotes/mf-booking/1.0.0/mf-manifest.json', audience: 'public' }] };
    const r = await fetchRegistry('/remotes.json', { fetchImpl: async () => (++n === 1 ? response(503) : response(200, JSON.stringify(ok))) });
    expect(r?.remotes[0]?.version).toBe('1.0.0');
    expect(n).toBe(2);
  });

  it('does not retry a 404 or an invalid registry', async () => {
    let n = 0;
    expect(await fetchRegistry('/remotes.json', { fetchImpl: async () => { n++; return response(404); } })).toBeUndefined();
    expect(n).toBe(1);
    n = 0;
    expect(await fetchRegistry('/remotes.json', { fetchImpl: async () => { n++; return response(200, '{"remotes":[{"name":"bad"}]}'); } })).toBeUndefined();
    expect(n).toBe(1);
  });

  it('takes the early script\'s answer without asking again; after its failure only what is left of the retries', async () => {
    const ok = { config: {}, remotes: [{ name: 'mf-booking', version: '1.2.3', manifest: '/remotes/mf-booking/1.2.3/mf-manifest.json', audience: 'public' }] };
    let n = 0;
    const fetchImpl = async () => { n++; return response(200, JSON.stringify({ ...ok, remotes: [{ ...ok.remotes[0], version: '9.9.9' }] })); };
    expect((await fetchRegistry('/remotes.json', { fetchImpl, early: Promise.resolve({ body: ok }) }))?.remotes[0]?.version).toBe('1.2.3');
    expect(n).toBe(0);
    // A network error or 5xx was the first attempt: one retry is left.
    expect((await fetchRegistry('/remotes.json', { fetchImpl, early: Promise.resolve({ failed: 'retry', reason: 'HTTP 503' }) }))?.remotes[0]?.version).toBe('9.9.9');
    expect(n).toBe(1);
    n = 0;
    const down = async () => { n++; return response(503); };
    expect(await fetchRegistry('/remotes.json', { fetchImpl: down, early: Promise.resolve({ failed: 'retry', reason: 'HTTP 503' }) })).toBeUndefined();
    expect(n).toBe(1);
    // A 4xx or an invalid file from the early request stays as it is: no second request for it.
    n = 0;
    expect(await fetchRegistry('/remotes.json', { fetchImpl, early: Promise.resolve({ failed: 'final', reason: 'HTTP 404' }) })).toBeUndefined();
    expect(await fetchRegistry('/remotes.json', { fetchImpl, early: Promise.resolve({ body: { remotes: [{ name: 'bad' }] } }) })).toBeUndefined();
    expect(n).toBe(0);
  });
});

describe('pickLocale', () => {
  it('takes ?lang= when enabled, else the tab\'s stored choice, else Hebrew', () => {
    expect(pickLocale('en', ['he', 'en'], 'ru')).toBe('en');
    expect(pickLocale('pl', ['he', 'en'], 'ru')).toBe('ru');
    expect(pickLocale(null, ['he', 'en'], undefined)).toBe('he');
    expect(pickLocale('', ['he', 'en'], 'en')).toBe('en');
  });
});
