/**
 * The federation version policy every app agrees on: which packages are singletons and the range each
 * accepts, derived from the root package.json. Read by the build (rspack.config.base.ts) and by the
 * release gate's host requirements (host-requirements.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.ts';
import { sourceFiles, withoutComments } from './import-graph.ts';

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

/**
 * Singletons the host offers only in part. A shared module is provided whole, every export kept: react-i18next's
 * unused ones (Trans and its HTML parser, the SSR and HOC helpers) cost every remote page ≈ 7.6 KB gzip (issue 12).
 * The host offers these names (host/src/federation.ts checks it has each), every remote build records the names
 * its code imports (metaData.ticketing.sharedImports in mf-manifest.json, sharedImportsOf), and the release gate
 * refuses a remote that needs one the host does not offer. Add a name here (and its import in federation.ts) to
 * let remotes use it.
 */
export const SHARED_SUBSETS: Readonly<Record<string, readonly string[]>> = {
  'react-i18next': ['I18nextProvider', 'initReactI18next', 'useTranslation'],
};

/** `*` stands for the whole module (a namespace import, a dynamic import, `export *`): no subset serves it. */
export const WHOLE_MODULE = '*';

/** The names one source file takes from `pkg` at run time (type-only imports are erased and do not count). */
export function importedNames(source: string, pkg: string): string[] {
  const code = withoutComments(source);
  const q = pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const names = new Set<string>();
  for (const m of code.matchAll(new RegExp(`\\b(import|export)\\s+(type\\s+)?([^'";]*?)\\s*from\\s*['"]${q}['"]`, 'g'))) {
    if (m[2]) continue;
    const clause = m[3]!.trim();
    if (/^\*/.test(clause) || /,\s*\*/.test(clause)) names.add(WHOLE_MODULE);
    const braces = /\{([^}]*)\}/.exec(clause);
    const head = clause.replace(/\{[^}]*\}/, '').replace(/\*\s*as\s+\w+/, '').replace(/,/g, ' ').trim();
    if (m[1] === 'import' && head) names.add('default');
    for (const part of braces?.[1]?.split(',') ?? []) {
      const spec = part.trim();
      if (!spec || /^type\s/.test(spec)) continue;
      names.add(spec.split(/\s+as\s+/)[0]!.trim());
    }
  }
  if (new RegExp(`\\bimport\\(\\s*['"]${q}['"]\\s*\\)`).test(code)) names.add(WHOLE_MODULE);
  return [...names];
}

/**
 * The names of each SHARED_SUBSETS package that an app's code imports: its own src/ and the workspace packages
 * compiled into it (shared/, seatmap/). Recorded in the remote's manifest for the release gate.
 */
export function sharedImportsOf(appDir: string): Record<string, string[]> {
  const files = [path.join(appDir, 'src'), path.join(ROOT, 'shared', 'src'), path.join(ROOT, 'seatmap', 'src')].flatMap(sourceFiles)
    .filter((f) => !/[/\\](test|testing)[/\\]|\.test\.tsx?$/.test(f));
  const out: Record<string, string[]> = {};
  for (const pkg of Object.keys(SHARED_SUBSETS)) {
    const names = new Set<string>();
    for (const f of files) for (const n of importedNames(readFileSync(f, 'utf8'), pkg)) names.add(n);
    out[pkg] = [...names].sort();
  }
  return out;
}
