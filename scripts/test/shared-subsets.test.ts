import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDir, REMOTES } from '../lib/apps.ts';
import { checkCandidate, type HostRequirements } from '../lib/gate.ts';
import { importedNames, SHARED_SUBSETS, sharedImportsOf, WHOLE_MODULE } from '../lib/shared-singletons.ts';

describe('singletons the host offers only in part', () => {
  it('reads the names a file imports at run time: named, renamed, default, namespace, re-export, dynamic; not type-only', () => {
    const code = [
      "import { a, b as c, type D } from 'react-i18next';",
      "import type { E } from 'react-i18next';",
      "import X, { y } from 'react-i18next';",
      "export { z } from 'react-i18next';",
      "// import { commented } from 'react-i18next';",
      "import { other } from 'react-i18next-extra';",
    ].join('\n');
    expect(importedNames(code, 'react-i18next').sort()).toEqual(['a', 'b', 'default', 'y', 'z']);
    expect(importedNames("import * as NS from 'react-i18next';", 'react-i18next')).toEqual([WHOLE_MODULE]);
    expect(importedNames("const m = await import('react-i18next');", 'react-i18next')).toEqual([WHOLE_MODULE]);
  });

  it('every remote imports only what the host offers', () => {
    for (const remote of REMOTES) {
      const used = sharedImportsOf(appDir(remote));
      for (const [pkg, offered] of Object.entries(SHARED_SUBSETS)) {
        expect(used[pkg]!.length, `${remote} imports nothing of ${pkg}?`).toBeGreaterThan(0);
        expect(used[pkg]!.filter((n) => !offered.includes(n)), `${remote}: ${pkg} exports the host does not offer`).toEqual([]);
      }
    }
  });

  /** A minimal remote build folder whose manifest records `sharedImports`. */
  function candidate(sharedImports: Record<string, string[]> | undefined): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'gate-'));
    writeFileSync(path.join(dir, 'remoteEntry.js'), '');
    writeFileSync(path.join(dir, 'spa.js'), '');
    writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({
      name: 'mf_booking',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, ticketing: { app: 'mf-booking', version: '9.9.9', contractVersion: 1, sharedImports } },
      exposes: [{ path: './spa', name: 'spa', assets: { js: { sync: ['spa.js'] } } }],
      shared: [{ name: 'react-i18next', version: '17.1.12', requiredVersion: '^17.1.12', singleton: true }],
    }));
    return dir;
  }
  const host: HostRequirements = {
    contractVersions: [1],
    remotes: { 'mf-booking': { audience: 'public', exposes: ['./spa'] } },
    shared: { 'react-i18next': { version: '17.1.12', requiredVersion: '^17.1.12', exports: ['I18nextProvider', 'useTranslation'] } },
  };

  it('the gate accepts a remote within the offered names and refuses one that needs more, or does not say', () => {
    expect(checkCandidate('mf-booking', '9.9.9', candidate({ 'react-i18next': ['useTranslation'] }), host).problems).toEqual([]);
    const trans = checkCandidate('mf-booking', '9.9.9', candidate({ 'react-i18next': ['Trans', 'useTranslation'] }), host);
    expect(trans.ok).toBe(false);
    expect(trans.problems.join('\n')).toContain('the candidate imports Trans, which the host does not offer');
    const whole = checkCandidate('mf-booking', '9.9.9', candidate({ 'react-i18next': [WHOLE_MODULE] }), host);
    expect(whole.problems.join('\n')).toContain('the candidate imports the whole module');
    const silent = checkCandidate('mf-booking', '9.9.9', candidate(undefined), host);
    expect(silent.problems.join('\n')).toContain('does not record which of its exports it imports');
  });
});
