/**
 * `npm run rollback -- <remote> [version]`
 * Flips one remote's registry pointer back to the version live before the current one (from the
 * registry history), or to the named stored version. Nothing is built; the gate checks the target
 * against the deployed host first (the host may have changed since that version was live).
 * Exit codes: 0 rolled back, 1 usage error or nothing to roll back to, 3 refused by the gate.
 */
import path from 'node:path';
import { isRemote, REMOTES } from './lib/apps.ts';
import { flip, liveVersion, previousVersion, remoteFolder, storedVersions, withSiteLock } from './lib/registry.ts';
import { checkCandidate, formatGate, loadHostRequirements } from './lib/gate.ts';
import { ReleaseError } from './release.ts';

export interface RollbackResult { name: string; from?: string; to: string; totalMs: number }

export async function rollback(name: string, version?: string): Promise<RollbackResult> {
  const started = performance.now();
  if (!isRemote(name)) throw new ReleaseError(`unknown remote "${name}"; one of: ${REMOTES.join(', ')}`, 1);
  const host = await loadHostRequirements();
  return withSiteLock(() => {
    const live = liveVersion(name);
    const target = version ?? previousVersion(name);
    if (!target) throw new ReleaseError(`${name}: no earlier version to roll back to (live ${live ?? 'none'}; stored: ${storedVersions(name).join(', ') || 'none'})`, 1);
    if (!storedVersions(name).includes(target)) throw new ReleaseError(`${name} ${target} is not stored (stored: ${storedVersions(name).join(', ') || 'none'})`, 1);
    if (target === live) throw new ReleaseError(`${name} ${target} is already live`, 1);
    const verdict = checkCandidate(name, target, remoteFolder(name, target), host);
    if (!verdict.ok) throw new ReleaseError(`${formatGate(name, target, verdict)}\nThe live version is unchanged.`, 3);
    const r = flip(name, target, `rollback ${name} ${live ?? 'none'} -> ${target}`);
    return { name, from: r.from, to: target, totalMs: performance.now() - started };
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const [name, version] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (!name) {
    console.error(`usage: npm run rollback -- <remote> [version]\nremotes: ${REMOTES.join(', ')}`);
    process.exit(1);
  }
  try {
    const r = await rollback(name, version);
    console.log(`rolled back ${r.name}: ${r.from ?? 'none'} -> ${r.to} in ${Math.round(r.totalMs)} ms. The next page load uses it.`);
  } catch (e) {
    console.error(e instanceof ReleaseError ? e.message : e);
    process.exit(e instanceof ReleaseError ? e.exitCode : 1);
  }
}
