/** Release-manager operations on the e2e site folder, run exactly as a person would (npm scripts via tsx). */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { E2E_SITE_DIR, ROOT } from '../env';

export interface CmdResult { code: number; stdout: string; stderr: string; ms: number }

export function siteCmd(script: 'release' | 'rollback' | 'remotes', args: string[], env: Record<string, string> = {}): CmdResult {
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', `${script}.ts`), ...args], {
    cwd: ROOT,
    env: { ...process.env, SITE_DIR: E2E_SITE_DIR, RELEASE_TEST_BREAK: '', RELEASE_VERSION: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
}

/** sha256 of every file under a folder, by relative path. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[path.relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

export const readSiteRegistry = () =>
  JSON.parse(readFileSync(path.join(E2E_SITE_DIR, 'remotes.json'), 'utf8')) as { remotes: { name: string; version: string; manifest: string }[] };

export const liveVersionOf = (name: string) => readSiteRegistry().remotes.find((r) => r.name === name)?.version;
