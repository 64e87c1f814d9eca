/**
 * Release-gate data: what the built host needs of every remote, written next to its index.html at host
 * build (rspack.config.base.ts emits it): the declared file (host/remote-requirements.json: mounted
 * exposes, accepted contract versions) plus the shared singletons this very build provides (version)
 * and accepts (requiredVersion). The release gate (gate.ts) reads the deployed host's copy, so it judges
 * a candidate against the host that is really serving, even after the root package.json has moved on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION } from '../../shared/src/contracts/events.ts';
import { ROOT } from './apps.ts';
import { SHARED_SUBSETS, SINGLETONS, sharedMap } from './shared-singletons.ts';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The version a package actually resolves to from an app's folder (what that build bundles). */
function installedVersion(pkg: string, fromDir: string): string {
  let dir = fromDir;
  for (;;) {
    try { return readJson(path.join(dir, 'node_modules', pkg, 'package.json')).version; } catch { /* go up */ }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${pkg} is not installed`);
    dir = up;
  }
}

export function hostRequirements(appDir = path.join(ROOT, 'host')) {
  const declared = readJson(path.join(ROOT, 'host', 'remote-requirements.json'));
  const accepted: number[] = declared.contractVersions;
  if (!accepted.includes(CONTRACT_VERSION)) {
    throw new Error(`host/remote-requirements.json does not accept the host's own contract version ${CONTRACT_VERSION}`);
  }
  // `exports`: the names the host offers of a singleton it provides only in part (SHARED_SUBSETS)
  const shared: Record<string, { version: string; requiredVersion: string; exports?: string[] }> = {};
  for (const [key, cfg] of Object.entries(sharedMap())) {
    const subset = SHARED_SUBSETS[key];
    shared[key] = { version: installedVersion(SINGLETONS[key], appDir), requiredVersion: cfg.requiredVersion, ...(subset ? { exports: [...subset] } : {}) };
  }
  const { $comment: _c, ...rest } = declared;
  return { ...rest, hostContractVersion: CONTRACT_VERSION, shared };
}
