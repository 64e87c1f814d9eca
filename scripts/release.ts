/**
 * `npm run release -- <remote> [--from <dir>]`
 * Builds that remote alone (nothing else is rebuilt, the host's files are not touched), runs the
 * gate on the build, stores it under <SITE_DIR>/remotes/<name>/<version>/ (a version is never
 * overwritten) and flips that remote's pointer in the registry atomically, keeping a history.
 *   RELEASE_VERSION=1.0.1-rc.1   publish under this version instead of the remote's package.json version
 *   --from <dir>                 release an existing build folder instead of building (CI artefacts)
 * Exit codes: 0 released, 1 usage or build error, 2 version already stored, 3 refused by the gate.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { appVersion, buildApp, isRemote, REMOTES, siteDir } from './lib/apps.ts';
import { flip, registryPath, remoteFolder, withSiteLock } from './lib/registry.ts';
import { checkCandidate, formatGate, loadHostRequirements } from './lib/gate.ts';
import { RemoteEntry } from '../shared/src/contracts/registry.ts';

export class ReleaseError extends Error {
  constructor(message: string, readonly exitCode: number) { super(message); }
}

export interface ReleaseResult { name: string; version: string; from?: string; buildMs: number; totalMs: number; folder: string }

const VERSION_RE = RemoteEntry.shape.version;

export async function release(name: string, opts: { version?: string; from?: string; quiet?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<ReleaseResult> {
  const started = performance.now();
  if (!isRemote(name)) throw new ReleaseError(`unknown remote "${name}"; one of: ${REMOTES.join(', ')}`, 1);
  const version = opts.version ?? opts.env?.RELEASE_VERSION ?? process.env.RELEASE_VERSION ?? appVersion(name);
  if (!VERSION_RE.safeParse(version).success) throw new ReleaseError(`"${version}" is not a version (x.y.z or x.y.z-tag)`, 1);
  if (!existsSync(registryPath())) throw new ReleaseError(`no registry at ${registryPath()}: start the site once (npm start) to create it`, 1);
  const dest = remoteFolder(name, version);
  const refuseExisting = () =>
    new ReleaseError(`${name} ${version} is already stored at ${dest}. Released versions are immutable: bump "version" in ${name}/package.json (or set RELEASE_VERSION) to release again, or roll back with: npm run rollback -- ${name} ${version}`, 2);
  if (existsSync(dest)) throw refuseExisting();

  const staging = path.join(siteDir(), '.staging', `${name}-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(staging), { recursive: true });
  let buildMs = 0;
  try {
    if (opts.from) {
      const { cpSync } = await import('node:fs');
      cpSync(path.resolve(opts.from), staging, { recursive: true });
    } else {
      if (!opts.quiet) console.log(`building ${name} ${version}…`);
      buildMs = await buildApp(name, { outDir: staging, quiet: opts.quiet, env: { ...opts.env, RELEASE_VERSION: version } }).catch((e: Error) => {
        throw new ReleaseError(`${e.message}: nothing was published; the live version is unchanged.`, 1);
      });
    }

    const host = await loadHostRequirements();
    const verdict = checkCandidate(name, version, staging, host);
    for (const w of verdict.warnings) if (!opts.quiet) console.warn(`gate warning: ${w}`);
    if (!verdict.ok) throw new ReleaseError(`${formatGate(name, version, verdict)}\n(host requirements: ${host.source})\nNothing was published; the live version is unchanged.`, 3);
    if (!opts.quiet) console.log(formatGate(name, version, verdict));

    const flipped = await withSiteLock(() => {
      if (existsSync(dest)) throw refuseExisting();
      mkdirSync(path.dirname(dest), { recursive: true });
      renameSync(staging, dest); // same file system: atomic, the folder appears complete
      return flip(name, version, `release ${name} ${version}`);
    });
    return { name, version, from: flipped.from, buildMs, totalMs: performance.now() - started, folder: dest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const fromIdx = args.indexOf('--from');
  const from = fromIdx >= 0 ? args[fromIdx + 1] : undefined;
  const name = args.find((a, i) => !a.startsWith('--') && (fromIdx < 0 || i !== fromIdx + 1));
  if (!name) {
    console.error(`usage: npm run release -- <remote> [--from <build dir>]\nremotes: ${REMOTES.join(', ')}`);
    process.exit(1);
  }
  try {
    const r = await release(name, { from });
    console.log(`released ${r.name} ${r.version} (was ${r.from ?? 'none'}) in ${(r.totalMs / 1000).toFixed(1)} s${r.buildMs ? `, build ${(r.buildMs / 1000).toFixed(1)} s` : ''}\n  ${r.folder}\nThe next page load uses it; roll back with: npm run rollback -- ${r.name}`);
  } catch (e) {
    console.error(e instanceof ReleaseError ? e.message : e);
    process.exit(e instanceof ReleaseError ? e.exitCode : 1);
  }
}
