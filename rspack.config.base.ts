/**
 * One Rspack + Module Federation factory for every app (host and remotes).
 * Each app's rspack.config.ts is a few lines: name, exposes, port.
 * The `shared` map is derived from the root package.json so that every app
 * agrees on one version policy (see README, "Architecture").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { CONTRACT_VERSION } from './shared/src/contracts/events.ts';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const rootPkg = readJson(path.join(rootDir, 'package.json'));
const sharedPkg = readJson(path.join(rootDir, 'shared', 'package.json'));

/** Packages that must exist once on a page; subpaths are listed explicitly (see toolchain pitfalls). */
export const SINGLETONS: Record<string, string> = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router-dom': 'react-router-dom',
  'single-spa': 'single-spa',
  i18next: 'i18next',
  'react-i18next': 'react-i18next',
  '@reduxjs/toolkit': '@reduxjs/toolkit',
  '@reduxjs/toolkit/query/react': '@reduxjs/toolkit',
  'react-redux': 'react-redux',
  zod: 'zod',
};

export function sharedMap() {
  const deps: Record<string, string> = rootPkg.dependencies;
  const map: Record<string, { singleton: true; requiredVersion: string; version?: string }> = {};
  for (const [key, pkg] of Object.entries(SINGLETONS)) {
    const version = deps[pkg];
    if (!version) throw new Error(`shared singleton ${pkg} is missing from the root package.json`);
    map[key] = { singleton: true, requiredVersion: `^${version.replace(/^[\^~]/, '')}` };
  }
  map['@ticketing/shared'] = { singleton: true, requiredVersion: `^${sharedPkg.version}`, version: sharedPkg.version };
  return map;
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

export const federationName = (name: string) => name.replace(/-/g, '_');

/** Dev ports: host 3100, remotes 3101–3106 in this order. */
export const DEV_REMOTES = ['mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers', 'mf-preslive', 'mf-ticketref'] as const;
function devRegistry() {
  const requirements = readJson(path.join(rootDir, 'host', 'remote-requirements.json'));
  return {
    config: { apiBase: '/api', enabledLocales: ['he', 'en', 'ru', 'ar', 'pl'], maxSeats: 10 },
    remotes: DEV_REMOTES.map((name, i) => ({
      name,
      version: readJson(path.join(rootDir, name, 'package.json')).version,
      manifest: `http://localhost:${3101 + i}/mf-manifest.json`,
      audience: requirements.remotes[name].audience,
    })),
  };
}

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

/**
 * What the built host needs of every remote, written next to its index.html at host build:
 * the declared file (host/remote-requirements.json: mounted exposes, accepted contract versions)
 * plus the shared singletons this very build provides (version) and accepts (requiredVersion).
 * The release gate reads the deployed host's copy, so it judges a candidate against the host
 * that is really serving, even after the root package.json has moved on.
 */
export function hostRequirements(appDir = path.join(rootDir, 'host')) {
  const declared = readJson(path.join(rootDir, 'host', 'remote-requirements.json'));
  const accepted: number[] = declared.contractVersions;
  if (!accepted.includes(CONTRACT_VERSION)) {
    throw new Error(`host/remote-requirements.json does not accept the host's own contract version ${CONTRACT_VERSION}`);
  }
  const shared: Record<string, { version: string; requiredVersion: string }> = {};
  for (const [key, cfg] of Object.entries(sharedMap())) {
    const pkg = key === '@ticketing/shared' ? key : SINGLETONS[key];
    shared[key] = { version: cfg.version ?? installedVersion(pkg, appDir), requiredVersion: cfg.requiredVersion };
  }
  const { $comment: _c, ...rest } = declared;
  return { ...rest, hostContractVersion: CONTRACT_VERSION, shared };
}

/**
 * Release tests need deliberately bad candidates and new versions without editing package.json:
 *   RELEASE_VERSION=1.0.1-test      the version baked into the build (marker, manifest)
 *   RELEASE_TEST_BREAK=no-expose    './spa' is not exposed (renamed)
 *   RELEASE_TEST_BREAK=react-range  React requires ^18 (incompatible with the host's 19)
 *   RELEASE_TEST_BREAK=contract     declares a contract version the host does not accept
 *   RELEASE_TEST_BREAK=throw-on-mount|throw-on-render   './spa' passes the gate but crashes (scripts/fixtures/crashing-spa.tsx)
 * Only remotes honour them; the host never does.
 */
function releaseOverrides(opts: AppOptions, env: NodeJS.ProcessEnv) {
  const brk = opts.isHost ? undefined : env.RELEASE_TEST_BREAK;
  const exposes = { ...(opts.exposes ?? {}) };
  if (brk === 'no-expose') for (const key of Object.keys(exposes)) { exposes[`${key}-renamed`] = exposes[key]; delete exposes[key]; }
  const crashing = brk === 'throw-on-mount' || brk === 'throw-on-render';
  if (crashing) exposes['./spa'] = CRASH_FIXTURE;
  const shared: Record<string, { singleton: true; requiredVersion: string }> = {};
  if (brk === 'react-range') {
    for (const key of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']) shared[key] = { singleton: true, requiredVersion: '^18.3.1' };
  }
  return {
    brk: brk ?? '',
    crashing,
    exposes,
    shared,
    version: opts.isHost ? undefined : env.RELEASE_VERSION || undefined,
    contractVersion: brk === 'contract' ? CONTRACT_VERSION + 1000 : CONTRACT_VERSION,
  };
}

const CRASH_FIXTURE = path.join(rootDir, 'scripts', 'fixtures', 'crashing-spa.tsx');

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
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
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
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      // `import styles from './x.module.css'` (default export), as every app writes it.
      parser: { 'css/module': { namedExports: false } },
      rules: [
        {
          test: /\.tsx?$/,
          include: [path.join(appDir, 'src'), sharedDir, ...(release.crashing ? [path.dirname(CRASH_FIXTURE)] : [])],
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
      new ModuleFederationPlugin({
        name: federationName(opts.name),
        filename: opts.isHost ? undefined : 'remoteEntry.js',
        exposes: release.exposes,
        shared: { ...sharedMap(), ...(opts.sharedOverride as object), ...release.shared },
        shareStrategy: 'loaded-first',
        manifest: opts.isHost
          ? false
          : {
              fileName: 'mf-manifest.json',
              // The release gate reads these: the remote's version and the contract it was built against.
              additionalData: ({ stats }) => {
                stats.metaData.buildInfo.buildVersion = version;
                Object.assign(stats.metaData, { ticketing: { app: opts.name, version, contractVersion: release.contractVersion } });
                return stats;
              },
            },
        dts: false,
      }),
      ...(opts.isHost ? [new HostRequirementsPlugin()] : []),
      new rspack.HtmlRspackPlugin({
        template: path.join(appDir, 'src', 'index.html'),
        scriptLoading: 'defer',
      }),
    ],
    devServer: {
      port: opts.port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: process.env.API_URL ?? 'http://127.0.0.1:3001' }],
      // In development the host's registry points at each remote's own dev server (see scripts/dev.ts).
      setupMiddlewares: opts.isHost
        ? (middlewares, server) => {
            server.app?.get('/remotes.json', (_req: unknown, res: { setHeader(k: string, v: string): void; json(body: unknown): void }) => {
              res.setHeader('Cache-Control', 'no-store');
              res.json(devRegistry());
            });
            return middlewares;
          }
        : undefined,
    },
    performance: { hints: false },
  };
}
