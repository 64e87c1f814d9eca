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

export function createConfig(opts: AppOptions, env: { production?: boolean } = {}, argv: { mode?: string } = {}): Configuration {
  const appDir = path.join(rootDir, opts.name);
  const pkg = readJson(path.join(appDir, 'package.json'));
  const production = argv.mode ? argv.mode === 'production' : env.production ?? process.env.NODE_ENV === 'production';
  const hash = production ? '.[contenthash:10]' : '';
  const sharedDir = path.join(rootDir, 'shared');
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
          include: [path.join(appDir, 'src'), sharedDir],
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
        __APP_VERSION__: JSON.stringify(pkg.version),
      }),
      new ModuleFederationPlugin({
        name: federationName(opts.name),
        filename: opts.isHost ? undefined : 'remoteEntry.js',
        exposes: opts.exposes ?? {},
        shared: { ...sharedMap(), ...(opts.sharedOverride as object) },
        shareStrategy: 'loaded-first',
        manifest: opts.isHost ? false : { fileName: 'mf-manifest.json' },
        dts: false,
      }),
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
    },
    performance: { hints: false },
  };
}
