import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/apps.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const median = (values: number[]) => percentile(values, 50);
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Starts the composed site as `npm start` does, on a private port, site folder and database. */
export async function startSite(port = 8282): Promise<{ baseUrl: string; stop: () => void; child: ChildProcess }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), SITE_DIR: path.join(dir, 'site'), API_DATA_DIR: path.join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try { if ((await fetch(`${baseUrl}/remotes.json`)).ok) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, child, stop: () => child.kill('SIGTERM') };
}
