import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const REMOTES = ['mf-booking', 'mf-customer', 'mf-memberships', 'mf-vouchers', 'mf-preslive', 'mf-ticketref'] as const;
export type RemoteName = (typeof REMOTES)[number];
export const APPS = ['host', ...REMOTES] as const;

export const siteDir = () => path.resolve(process.env.SITE_DIR ?? path.join(ROOT, '.site'));
export const appDir = (name: string) => path.join(ROOT, name);
export const distDir = (name: string) => path.join(appDir(name), 'dist');
export const appVersion = (name: string): string => JSON.parse(readFileSync(path.join(appDir(name), 'package.json'), 'utf8')).version;

export const requirements = () =>
  JSON.parse(readFileSync(path.join(ROOT, 'host', 'remote-requirements.json'), 'utf8')) as {
    contractVersions: number[];
    remotes: Record<string, { audience: 'public' | 'staff'; exposes: string[] }>;
  };

export function isRemote(name: string): name is RemoteName {
  return (REMOTES as readonly string[]).includes(name);
}

/** Runs a command, streaming its output; resolves with the exit code. */
export function run(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, stdio: opts.quiet ? 'ignore' : 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Builds one app alone (its own rspack config), returning the build time in ms. */
export async function buildApp(name: string, opts: { quiet?: boolean; outDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const started = performance.now();
  const args = ['rspack', 'build', '--mode', 'production', '-c', path.join(appDir(name), 'rspack.config.ts')];
  if (opts.outDir) args.push('--output-path', opts.outDir);
  const code = await run('npx', args, { cwd: appDir(name), quiet: opts.quiet, env: opts.env });
  if (code !== 0) throw new Error(`build of ${name} failed (exit ${code})`);
  return performance.now() - started;
}

/** Built, and by the current config: the host carries its requirements file, a remote's manifest its release metadata. */
export function isBuilt(name: string): boolean {
  if (name === 'host') return existsSync(path.join(distDir(name), 'index.html')) && existsSync(path.join(distDir(name), 'remote-requirements.json'));
  const manifest = path.join(distDir(name), 'mf-manifest.json');
  if (!existsSync(manifest)) return false;
  try { return JSON.parse(readFileSync(manifest, 'utf8')).metaData?.ticketing?.contractVersion !== undefined; } catch { return false; }
}
