import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Registry, type RemoteEntry } from '../../shared/src/contracts/registry.ts';
import { appVersion, distDir, REMOTES, requirements, siteDir } from './apps.ts';

export const registryPath = () => path.join(siteDir(), 'remotes.json');
const historyPath = () => path.join(siteDir(), 'registry-history.json');
export const remoteFolder = (name: string, version: string) => path.join(siteDir(), 'remotes', name, version);

export function readRegistry(): Registry | undefined {
  if (!existsSync(registryPath())) return undefined;
  return Registry.parse(JSON.parse(readFileSync(registryPath(), 'utf8')));
}

/** Atomic flip: write a new file next to the registry, then rename over it. */
export function writeRegistry(registry: Registry, reason: string) {
  mkdirSync(siteDir(), { recursive: true });
  const next = { ...registry, updatedAt: new Date().toISOString() };
  const tmp = `${registryPath()}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, JSON.stringify(next, null, 2));
  renameSync(tmp, registryPath());
  const history = existsSync(historyPath()) ? JSON.parse(readFileSync(historyPath(), 'utf8')) : [];
  history.push({ at: next.updatedAt, reason, remotes: Object.fromEntries(next.remotes.map((r) => [r.name, r.version])) });
  const htmp = `${historyPath()}.tmp`;
  writeFileSync(htmp, JSON.stringify(history, null, 2));
  renameSync(htmp, historyPath());
}

export function readHistory(): { at: string; reason: string; remotes: Record<string, string> }[] {
  return existsSync(historyPath()) ? JSON.parse(readFileSync(historyPath(), 'utf8')) : [];
}

export const entryFor = (name: string, version: string): RemoteEntry => ({
  name,
  version,
  manifest: `/remotes/${name}/${version}/mf-manifest.json`,
  audience: requirements().remotes[name]?.audience ?? 'public',
});

/** Stored versions of a remote, oldest first. */
export function storedVersions(name: string): string[] {
  const dir = path.join(siteDir(), 'remotes', name);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((v) => !v.startsWith('.')).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
}

/**
 * Copies a build into its immutable versioned folder. Returns false when that version
 * already exists (never overwritten) unless `force` (development start only).
 */
export function publishBuild(name: string, version: string, from = distDir(name), force = false): boolean {
  const dest = remoteFolder(name, version);
  if (existsSync(dest) && !force) return false;
  mkdirSync(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.tmp-${process.pid}`;
  cpSync(from, tmp, { recursive: true });
  if (existsSync(dest)) renameSync(dest, `${dest}.old-${Date.now()}`);
  renameSync(tmp, dest);
  return true;
}

/** First start: publish every built remote and point the registry at it. */
export function ensureSite(opts: { force?: boolean } = {}) {
  const current = readRegistry();
  const remotes = REMOTES.map((name) => {
    const version = appVersion(name);
    publishBuild(name, version, distDir(name), opts.force);
    return current?.remotes.find((r) => r.name === name) ?? entryFor(name, version);
  });
  if (!current || opts.force) writeRegistry({ config: current?.config ?? { apiBase: '/api', enabledLocales: ['he', 'en'], maxSeats: 10 }, remotes: opts.force ? REMOTES.map((n) => entryFor(n, appVersion(n))) : remotes }, 'initial publish');
}
