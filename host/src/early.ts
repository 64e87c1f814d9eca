/**
 * The host page's first script, inlined into index.html by the build (EarlyStartPlugin in rspack.config.base.ts).
 * It runs as the page is parsed, while main.js is still downloading, and starts what the first screen waits for
 * (issue 12: on a phone the registry, the host's texts and the route's remote were asked for only after main.js had
 * arrived and run, one round trip after another): the registry, the host's texts in the page's language, and on a
 * remote's route the host's remotes chunk and, once the registry names them, the remote's first files.
 * It imports nothing that pulls a library in (no zod, no React): the main script validates what it fetched.
 */
import { hint, hintRemote } from './hints';
import { isStaffPath, redirectFor, remoteFor } from './routes';
import { hasCookie, pickLocale, setEarlyStart, REGISTRY_TIMEOUT_MS, type EarlyFiles, type EarlyRegistry, type EarlyStart } from './earlyStart';
import { ASSET_FILE_NAME } from '@ticketing/shared/asset-file';
import { CUSTOMER_CSRF_COOKIE } from '@ticketing/shared/session-cookies';
import { storedLocaleRaw } from '@ticketing/shared/stored-locale';
import { TIME_ZONE } from '@ticketing/shared/time-zone';
import type { RemotePreload } from '@ticketing/shared';

declare const __EARLY_FILES__: EarlyFiles;
const files = __EARLY_FILES__;

interface RawRegistry { config?: { enabledLocales?: unknown }; remotes?: unknown }
interface RawRemote { name?: unknown; manifest?: unknown; preload?: { js?: unknown; css?: unknown; texts?: unknown } }

/** The registry is not validated yet (zod is in main.js): only file names the registry contract accepts are hinted. */
const fileNames = (list: unknown): string[] => (Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && ASSET_FILE_NAME.test(f)) : []);
function preloadOf(remote: RawRemote): RemotePreload | undefined {
  const p = remote.preload;
  if (!p || typeof p !== 'object') return undefined;
  const texts = Object.fromEntries(Object.entries(p.texts && typeof p.texts === 'object' ? p.texts : {}).filter(([, f]) => fileNames([f]).length));
  return { js: fileNames(p.js), css: fileNames(p.css), texts };
}

async function askRegistry(): Promise<EarlyRegistry> {
  let res: Response;
  try {
    res = await fetch('/remotes.json', { cache: 'no-store', signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS) });
  } catch (error) {
    return { failed: 'retry', reason: String(error) };
  }
  if (!res.ok) return { failed: res.status >= 500 ? 'retry' : 'final', reason: `registry HTTP ${res.status}` };
  try {
    return { body: await res.json() as unknown };
  } catch (error) {
    // not JSON: a bad file stays bad; a body cut off by the network or the timeout is asked for again
    return { failed: error instanceof SyntaxError ? 'final' : 'retry', reason: String(error) };
  }
}

const registry = askRegistry();
const early: EarlyStart = { registry };
setEarlyStart(early);

const param = new URLSearchParams(location.search).get('lang');
const remoteName = remoteFor(redirectFor(location.pathname) ?? location.pathname);
if (remoteName) for (const file of files.remotes) hint(`/${file}`, 'script');

void registry.then((answer) => {
  const raw = ('body' in answer && answer.body && typeof answer.body === 'object' ? answer.body : {}) as RawRegistry;
  const enabled = Array.isArray(raw.config?.enabledLocales) ? raw.config.enabledLocales as string[] : Object.keys(files.texts);
  const lang = pickLocale(param, enabled, storedLocaleRaw());
  const texts = files.texts[lang];
  if (texts) hint(`/${texts}`, 'script');
  if (!remoteName || !files.remoteHints || !Array.isArray(raw.remotes)) return;
  const remote = (raw.remotes as RawRemote[]).find((r) => r?.name === remoteName);
  const preload = remote && preloadOf(remote);
  // Only an entry with a preload list: the main script reads an older one's files from its manifest.
  if (preload && typeof remote.manifest === 'string') {
    hintRemote({ manifest: remote.manifest, preload }, lang);
    early.hintedRemote = remoteName;
  }
});

/*
 * The page's first Intl object loads the browser's locale and time-zone data (15–45 ms in Chromium on this machine, four
 * times that on a phone-class CPU), and the first screen formats dates in Israel's time. Made here, in a task of its
 * own, that cost falls in the time main.js is still downloading instead of in its evaluation; every later formatter
 * is then ≈ 1 ms.
 */
setTimeout(() => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(0), 0);

// Whether the visitor is signed in, for the header's first render (earlyStart.ts: `customerSession`); staff pages
// have no customer menu.
if (!isStaffPath(location.pathname)) {
  setTimeout(() => { if (!('customerSession' in early)) early.customerSession = hasCookie(document.cookie, CUSTOMER_CSRF_COOKIE); }, 0);
}
