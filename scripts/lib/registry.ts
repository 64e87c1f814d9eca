import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Registry, spaPreload, type ManifestAssets, type RemoteEntry } from '../../shared/src/contracts/registry.ts';
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

/**
 * Remote files are served from the site's origin by default; REMOTES_BASE_URL (e.g. a CDN origin)
 * makes the manifest URLs absolute, and the host page's CSP then allows that origin.
 */
export const entryFor = (name: string, version: string, base = process.env.REMOTES_BASE_URL ?? ''): RemoteEntry => {
  const preload = preloadOf(path.join(remoteFolder(name, version), 'mf-manifest.json'));
  return {
    name,
    version,
    manifest: `${base.replace(/\/$/, '')}/remotes/${name}/${version}/mf-manifest.json`,
    audience: requirements().remotes[name]?.audience ?? 'public',
    ...(preload ? { preload } : {}),
  };
};

/** RemoteEntry.preload of a stored version (none when its manifest is missing or has no `./spa`). */
export function preloadOf(manifestFile: string): RemoteEntry['preload'] {
  return existsSync(manifestFile) ? spaPreload(JSON.parse(readFileSync(manifestFile, 'utf8')) as ManifestAssets) : undefined;
}

/** Stored versions of a remote, oldest first. */
export function storedVersions(name: string): string[] {
  const dir = path.join(siteDir(), 'remotes', name);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((v) => !v.startsWith('.') && !v.includes('.tmp-') && !v.includes('.old-')).sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
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
  if (!current || opts.force) writeRegistry({ config: current?.config ?? { apiBase: '/api', enabledLocales: ['he', 'en', 'ru', 'ar', 'pl'], maxSeats: 10 }, remotes: opts.force ? REMOTES.map((n) => entryFor(n, appVersion(n))) : remotes }, 'initial publish');
}

/**
 * One release or rollback at a time per site folder: mkdir is atomic. A lock older than
 * ten minutes is from a crashed run and is taken over.
 */
export async function withSiteLock<T>(fn: () => Promise<T> | T): Promise<T> {
  mkdirSync(siteDir(), { recursive: true });
  const lock = path.join(siteDir(), '.release.lock');
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'owner'), `${process.pid} ${new Date().toISOString()}`);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) { rmSync(lock, { recursive: true, force: true }); continue; }
      if (waited > 30_000) throw new Error(`another release or rollback holds ${lock}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try { return await fn(); } finally { rmSync(lock, { recursive: true, force: true }); }
}

/** Points one remote at a stored version (atomic registry write + history); the others are untouched. */
export function flip(name: string, version: string, reason: string): { from?: string; to: string } {
  const current = readRegistry();
  if (!current) throw new Error(`no registry at ${registryPath()}: start the site once (npm start) to create it`);
  const from = current.remotes.find((r) => r.name === name)?.version;
  const others = current.remotes.filter((r) => r.name !== name);
  const remotes = REMOTES.flatMap((n) => (n === name ? [entryFor(name, version, baseOf(current.remotes.find((r) => r.name === n)?.manifest))] : others.filter((r) => r.name === n)));
  writeRegistry({ ...current, remotes }, reason);
  return { from, to: version };
}

/** Keeps an existing absolute base (CDN) when flipping. */
function baseOf(manifest?: string): string | undefined {
  const m = manifest?.match(/^(https?:\/\/[^/]+)\//);
  return m ? m[1] : undefined;
}

export const liveVersion = (name: string) => readRegistry()?.remotes.find((r) => r.name === name)?.version;

/** The version that was live before the current one (walking the history back), if it is still stored. */
export function previousVersion(name: string): string | undefined {
  const live = liveVersion(name);
  const stored = new Set(storedVersions(name));
  const history = readHistory();
  for (let i = history.length - 1; i >= 0; i--) {
    const v = history[i].remotes[name];
    if (v && v !== live && stored.has(v)) return v;
  }
  return undefined;
}
