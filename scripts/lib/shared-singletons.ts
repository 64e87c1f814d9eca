/**
 * The federation version policy every app agrees on: which packages are singletons and the range each
 * accepts, derived from the root package.json. Read by the build (rspack.config.base.ts) and by the
 * release gate's host requirements (host-requirements.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.ts';

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Packages that must exist once on a page, because they hold page-wide state: React's renderer and
 * hooks, and the one i18next instance with react-i18next's binding to it. Subpaths are listed
 * explicitly (see toolchain pitfalls). Everything else (zod, the router, RTK, react-redux, single-spa
 * and `@ticketing/shared` itself) is bundled by each app that uses it, tree-shaken to what that app
 * imports: a shared module is provided whole, which put all of zod and react-router on every page
 * (docs/performance.md). `@ticketing/shared` keeps its page-wide state on `globalThis` (the bus, the
 * runtime config, the i18n instance) or in session storage, so every app's copy sees the same state.
 */
export const SINGLETONS: Record<string, string> = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  i18next: 'i18next',
  'react-i18next': 'react-i18next',
};

export type SharedMap = Record<string, { singleton: true; requiredVersion: string }>;

export function sharedMap(): SharedMap {
  const deps: Record<string, string> = readJson(path.join(ROOT, 'package.json')).dependencies;
  const map: SharedMap = {};
  for (const [key, pkg] of Object.entries(SINGLETONS)) {
    const version = deps[pkg];
    if (!version) throw new Error(`shared singleton ${pkg} is missing from the root package.json`);
    map[key] = { singleton: true, requiredVersion: `^${version.replace(/^[\^~]/, '')}` };
  }
  return map;
}
