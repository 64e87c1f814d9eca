import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Registry, spaPreload } from '../../shared/src/contracts/registry.ts';
import { preloadOf } from '../lib/registry.ts';

describe("the registry's preload lists (RemoteEntry.preload)", () => {
  const manifest = {
    exposes: [
      { path: './other', assets: { js: { sync: ['other.js'] } } },
      { path: './spa', assets: { js: { sync: ['251.abc.js', '__federation_expose_spa.def.js'], async: ['order-page.1.js', 'remote-texts-he.2.js', 'remote-texts-en.3.js'] }, css: { sync: ['spa.4.css'] } } },
    ],
  };

  it("copies the ./spa expose's first scripts and styles, and its texts by language", () => {
    expect(spaPreload(manifest)).toEqual({
      js: ['251.abc.js', '__federation_expose_spa.def.js'], css: ['spa.4.css'], texts: { he: 'remote-texts-he.2.js', en: 'remote-texts-en.3.js' },
    });
    expect(spaPreload({ exposes: [{ path: './other' }] })).toBeUndefined();
  });

  it('reads a stored version, and a registry entry with it passes the contract', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'preload-'));
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    const preload = preloadOf(path.join(dir, 'mf-manifest.json'));
    expect(preload?.texts.en).toBe('remote-texts-en.3.js');
    expect(preloadOf(path.join(dir, 'missing.json'))).toBeUndefined();
    const entry = { name: 'mf-booking', version: '1.0.0', manifest: '/remotes/mf-booking/1.0.0/mf-manifest.json', audience: 'public', preload };
    expect(Registry.parse({ remotes: [entry] }).remotes[0]!.preload).toEqual(preload);
    // a file name is never a path or another origin
    for (const bad of ['../host/main.js', 'https://evil.example/x.js', 'a/b.js', 'x.json']) {
      expect(Registry.safeParse({ remotes: [{ ...entry, preload: { ...preload!, js: [bad] } }] }).success, bad).toBe(false);
    }
    // a registry written before the field still parses
    expect(Registry.parse({ remotes: [{ ...entry, preload: undefined }] }).remotes[0]!.preload).toBeUndefined();
  });
});
