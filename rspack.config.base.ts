/**
 * One Rspack + Module Federation factory for every app (host and remotes).
 * Each app's rspack.config.ts is a few lines: name, exposes, port.
 * The `shared` map is derived from the root package.json so that every app
 * agrees on one version policy (scripts/lib/shared-singletons.ts). This file only builds: release-gate
 * data, release-test breakers and the dev registry live in scripts/lib/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federationName } from './shared/src/contracts/registry.ts';
import { sharedImportsOf, sharedMap } from './scripts/lib/shared-singletons.ts';
import { hostRequirements } from './scripts/lib/host-requirements.ts';
import { CRASH_FIXTURE, releaseOverrides } from './scripts/lib/release-test.ts';
import { serveDevRegistry } from './scripts/lib/dev-registry.ts';
import { TEXTS_CHUNK } from './scripts/lib/texts-chunk.ts';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const require_ = createRequire(import.meta.url);

/**
 * Packages whose `exports` lead only to their development build (react-router 7 has no "production"
 * condition; its production build sits beside it in dist/production). In production each such export is
 * aliased to that sibling, so no dist/ ships a development build (checked by e2e/tests/production-builds.spec.ts).
 */
const DEVELOPMENT_ONLY_EXPORTS = ['react-router'];
export function productionAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const pkg of DEVELOPMENT_ONLY_EXPORTS) {
    const pkgDir = path.join(rootDir, 'node_modules', pkg);
    const exportsMap: Record<string, unknown> = readJson(path.join(pkgDir, 'package.json')).exports;
    for (const [subpath, target] of Object.entries(exportsMap)) {
      const file = (target as { import?: { default?: string } }).import?.default;
      if (!file?.includes('/development/')) continue;
      const production = path.join(pkgDir, file.replace('/development/', '/production/'));
      if (!existsSync(production)) throw new Error(`${pkg}: no production build beside ${file}`);
      aliases[`${pkg}${subpath.slice(1)}$`] = production;
    }
  }
  return aliases;
}

/**
 * Rspack's federation plugin finds the bundler runtime with Node's require.resolve, so a remote's entry imports the
 * CommonJS builds of `@module-federation/webpack-bundler-runtime` and `@module-federation/runtime`; those require the
 * whole CommonJS `@module-federation/sdk`, which no bundler can tree-shake (≈ 40 KB raw of it in each remoteEntry.js,
 * for two constants). Their ES builds import from the sdk by name, and the sdk is side-effect free, so a remote's
 * entry keeps only what it uses.
 */
function federationRuntimeEsm(): Record<string, string> {
  const runtimeTools = require_.resolve('@module-federation/runtime-tools', { paths: [rootDir] });
  const aliases: Record<string, string> = {};
  for (const pkg of ['@module-federation/webpack-bundler-runtime', '@module-federation/runtime']) {
    const cjs = require_.resolve(pkg, { paths: [runtimeTools] });
    const esm = cjs.replace(/\.cjs$/, '.js');
    if (!cjs.endsWith('.cjs') || !existsSync(esm)) throw new Error(`${pkg}: no ES build beside ${cjs}`);
    aliases[`${cjs}$`] = esm;
    aliases[`${pkg}$`] = esm;
  }
  return aliases;
}

export interface AppOptions {
  /** Package folder name, e.g. 'mf-booking' or 'host'. */
  name: string;
  /** Dev-server port for standalone development. */
  port: number;
  /** Modules this remote exposes (empty for the host). */
  exposes?: Record<string, string>;
  /** The host is served at '/', remotes from a versioned folder ('auto'). */
  isHost?: boolean;
  /** Build-time overrides used by release tests (e.g. a broken candidate). */
  sharedOverride?: Record<string, unknown>;
}

/** Emits the host's requirements file into its build output (see hostRequirements). */
class HostRequirementsPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('HostRequirementsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'HostRequirementsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('remote-requirements.json', new rspack.sources.RawSource(JSON.stringify(hostRequirements(), null, 2)));
      });
    });
  }
}

/**
 * Marks every script of a production build for eager compilation (V8's explicit compile hints, Chromium 136+: the
 * magic comment on a script's first line). Without it V8 compiles each function on its first call, on the main
 * thread, in the middle of the page's start; with it, while the script streams in, on a background thread. A page's
 * scripts are fetched when their code is about to run (the first screen, then each step), so nearly all of it is
 * called soon. Lighthouse A/B on this machine (issue 12): TBT `/order` 54–86 → 7–13 ms, hall 105–204 → 22–72 ms,
 * arena 109–169 → 55–82 ms, LCP unchanged. Added after minification (which drops comments) and before the source
 * maps and the Brotli copies are written. The host's inlined early script and the texts (one JSON module each,
 * evaluated once: nothing to compile ahead) are left as they are.
 */
function compileHints() {
  return new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    exclude: [/^early\./, TEXTS_CHUNK],
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/** Files worth compressing ahead: scripts, styles and JSON of 1 KB or more (source maps are fetched by no page). */
const PRECOMPRESSED = /\.(js|css|json)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a Brotli copy (`<file>.br`, quality 11) beside each script, style sheet and JSON file of a production build,
 * which the site server and nginx (`brotli_static`) send to a browser that accepts it: 12 % fewer bytes than gzip on
 * a seat map's first screen (issue 12: on a slow line the first screen waits for its bytes). Compressed once, at
 * build time, since quality 11 is too slow to run per request; the files are immutable, so the copy is too.
 */
export class PrecompressPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      // after every other plugin has written or removed its files (EarlyStartPlugin runs at REPORT)
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
        for (const asset of compilation.getAssets()) {
          if (!PRECOMPRESSED.test(asset.name)) continue;
          const source = asset.source.buffer();
          if (source.length < PRECOMPRESS_MIN_BYTES) continue;
          const br = brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } });
          compilation.emitAsset(`${asset.name}.br`, new rspack.sources.RawSource(br), { development: true }); // not a module's file
        }
      });
    });
  }
}

/**
 * Inlines the host's `early` entry (host/src/early.ts) into index.html, ahead of main.js, with the names of the host
 * chunks it hints written in (`__EARLY_FILES__`): the `remotes` chunk group's scripts and each language's texts.
 * The entry's own file is not shipped. `remoteHints: false` is the single-bundle comparison build (no remotes).
 */
export class EarlyStartPlugin {
  constructor(private readonly opts: { remoteHints: boolean } = { remoteHints: true }) {}
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('EarlyStartPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EarlyStartPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const filesOf = (group: string) => [...(compilation.namedChunkGroups.get(group)?.chunks ?? [])].flatMap((c) => [...c.files]);
        const scriptsOf = (group: string) => filesOf(group).filter((f) => f.endsWith('.js'));
        const texts: Record<string, string> = {};
        for (const name of compilation.namedChunkGroups.keys()) {
          const lang = /^texts-([a-z]{2})$/.exec(name)?.[1];
          if (lang) texts[lang] = scriptsOf(name)[0];
        }
        const files = { remotes: scriptsOf('remotes'), texts, remoteHints: this.opts.remoteHints };
        const earlyFiles = filesOf('early');
        const script = scriptsOf('early')[0];
        const html = compilation.getAsset('index.html');
        const source = html?.source.source().toString();
        if (!script || !source?.includes('<script defer') || !files.remotes.length || !Object.keys(texts).length) {
          compilation.errors.push(new rspack.WebpackError(`EarlyStartPlugin: missing ${!script ? 'early.js' : !source ? 'index.html' : 'host chunks or main.js tag'}`));
          return;
        }
        const code = compilation.getAsset(script)!.source.source().toString()
          .replace(/__EARLY_FILES__/g, JSON.stringify(files))
          .replace(/\n\/\/# sourceMappingURL=.*$/, '')
          .replace(/<\/script/gi, '<\\/script');
        // Before main.js's tag and the stylesheet: an inline script after a pending stylesheet waits for it.
        const page = source.replace(/<script defer|<link href/, (tag) => `<script id="early-start">${code}</script>${tag}`);
        compilation.updateAsset('index.html', new rspack.sources.RawSource(page));
        for (const f of earlyFiles) compilation.deleteAsset(f);
        for (const f of earlyFiles) if (compilation.getAsset(`${f}.map`)) compilation.deleteAsset(`${f}.map`);
      });
    });
  }
}

/**
 * The host is an ordinary application: it bundles React and i18next, and loads the federation runtime only on a
 * remote's route (host/src/federation.ts), where it offers those to the remotes as singletons. What it offers is
 * what this build bundles, the same record the release gate judges candidates against.
 */
function hostPlugins(production: boolean) {
  const runtimeVersion: string = readJson(path.join(rootDir, 'node_modules', '@module-federation', 'runtime-core', 'package.json')).version;
  return [
    new rspack.DefinePlugin({
      __HOST_SHARED__: JSON.stringify(hostRequirements().shared),
      __FEDERATION_RUNTIME_VERSION__: JSON.stringify(runtimeVersion),
      // The federation runtime's own switch for browser-only builds (what `experiments.optimization.target: 'web'`
      // sets for the remotes): its Node.js script loaders stay out of the host's runtime chunk.
      ENV_TARGET: JSON.stringify('web'),
    }),
    new HostRequirementsPlugin(),
    ...(production ? [new EarlyStartPlugin(), federationSdkEnv()] : []),
  ];
}

/**
 * The federation sdk's environment module without its localStorage read (host/src/federationEnv.ts says why). The
 * swap must export what the sdk's own module exports: an sdk upgrade that changes them stops the build here instead
 * of leaving a name undefined at run time.
 */
function federationSdkEnv() {
  const replacement = path.join(rootDir, 'host', 'src', 'federationEnv.ts');
  const original = path.join(rootDir, 'node_modules', '@module-federation', 'sdk', 'dist', 'env.js');
  const names = (code: string, pattern: RegExp) => [...code.matchAll(pattern)].flatMap((m) => m[1]!.split(',').map((n) => n.trim())).filter(Boolean).sort();
  const theirs = names(readFileSync(original, 'utf8'), /^export \{([^}]*)\}/gm);
  const ours = names(readFileSync(replacement, 'utf8'), /^export const (\w+)/gm);
  if (theirs.join() !== ours.join()) throw new Error(`host/src/federationEnv.ts exports ${ours.join(', ')}, the federation sdk's env.js ${theirs.join(', ')}: update the swap`);
  return new rspack.NormalModuleReplacementPlugin(/@module-federation[\\/]sdk[\\/]dist[\\/]env\.js$/, replacement);
}

/** A remote is a federation container: `./spa` exposed, the singletons consumed, a manifest for the registry. */
function remoteFederation(opts: AppOptions, version: string, release: ReturnType<typeof releaseOverrides>, production: boolean) {
  return new ModuleFederationPlugin({
    name: federationName(opts.name),
    filename: 'remoteEntry.js',
    exposes: release.exposes,
    shared: { ...sharedMap(), ...(opts.sharedOverride as object), ...release.shared },
    shareStrategy: 'loaded-first',
    manifest: {
      fileName: 'mf-manifest.json',
      // The release gate reads these: the remote's version, the contract it was built against and the names it
      // imports of singletons the host offers only in part.
      additionalData: ({ stats }) => {
        stats.metaData.buildInfo.buildVersion = version;
        const sharedImports = sharedImportsOf(path.join(rootDir, opts.name));
        for (const [pkg, names] of Object.entries(release.sharedImports)) sharedImports[pkg] = [...(sharedImports[pkg] ?? []), ...names];
        Object.assign(stats.metaData, { ticketing: { app: opts.name, version, contractVersion: release.contractVersion, sharedImports } });
        return stats;
      },
    },
    dts: false,
    experiments: {
      // Every app runs only in the browser: leave the runtime's Node.js loading paths out of the bundle.
      optimization: { target: 'web' },
      // One federation runtime per page: the host's (host/src/federation.ts). A remote's remoteEntry.js uses it
      // instead of carrying its own copy (≈ 65 KB raw each). Development keeps each remote runnable alone.
      ...(production ? { externalRuntime: true } : {}),
    },
  });
}

export function createConfig(opts: AppOptions, env: { production?: boolean } = {}, argv: { mode?: string } = {}): Configuration {
  const appDir = path.join(rootDir, opts.name);
  const pkg = readJson(path.join(appDir, 'package.json'));
  const production = argv.mode ? argv.mode === 'production' : env.production ?? process.env.NODE_ENV === 'production';
  const hash = production ? '.[contenthash:10]' : '';
  const sharedDir = path.join(rootDir, 'shared');
  const release = releaseOverrides(opts, process.env);
  const version: string = release.version ?? pkg.version;
  return {
    context: appDir,
    mode: production ? 'production' : 'development',
    // Production maps are written for error reports but not referenced, so no page ever fetches them.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    // `rspack dev` compiles dynamic imports lazily by default, asking the page's own origin to build them: a
    // remote's chunks, loaded into the host's page (another port), then never arrive (`npm run dev` hung).
    lazyCompilation: false,
    // The host's `early` entry is inlined into its page (EarlyStartPlugin; production builds: the dev server would add
    // its reload client to every entry, the inline copy too).
    entry: { main: './src/index.ts', ...(opts.isHost && production ? { early: './src/early.ts' } : {}) },
    output: {
      path: path.join(appDir, 'dist'),
      publicPath: opts.isHost ? '/' : 'auto',
      filename: `[name]${hash}.js`,
      chunkFilename: `[name]${hash}.js`,
      cssFilename: `[name]${hash}.css`,
      cssChunkFilename: `[name]${hash}.css`,
      uniqueName: federationName(opts.name),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: { ...(production ? productionAliases() : {}), ...(opts.isHost ? {} : federationRuntimeEsm()) },
    },
    module: {
      // `import styles from './x.module.css'` (default export), as every app writes it.
      parser: { 'css/module': { namedExports: false } },
      rules: [
        {
          test: /\.tsx?$/,
          include: [path.join(appDir, 'src'), sharedDir, path.join(rootDir, 'seatmap'), ...(release.crashing ? [path.dirname(CRASH_FIXTURE)] : [])],
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        // Texts, contracts and helpers have no side effects on import: an app keeps only the modules it uses
        // (a locale file imported beside a used constant, a contract file nobody parses with, stay out).
        { test: /\.json$/, sideEffects: false },
        { test: /\.tsx?$/, include: [sharedDir], sideEffects: false },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(png|svg|jpg|webp)$/, type: 'asset/resource' },
      ],
    },
    optimization: { runtimeChunk: false },
    plugins: [
      new rspack.DefinePlugin({
        __APP_NAME__: JSON.stringify(opts.name),
        __APP_VERSION__: JSON.stringify(version),
        __TEST_BREAK__: JSON.stringify(release.brk),
      }),
      ...(opts.isHost ? hostPlugins(production) : [remoteFederation(opts, version, release, production)]),
      new rspack.HtmlRspackPlugin({
        template: path.join(appDir, 'src', 'index.html'),
        scriptLoading: 'defer',
        ...(opts.isHost ? { chunks: ['main'] } : {}),
      }),
      ...(production ? [compileHints()] : []),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    devServer: {
      port: opts.port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:3001' }],
      // In development the host's registry points at each remote's own dev server (see scripts/dev.ts).
      setupMiddlewares: opts.isHost ? serveDevRegistry : undefined,
    },
    performance: { hints: false },
  };
}
