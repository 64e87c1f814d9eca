import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/apps.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** CPU time (ms) used so far by Chromium's top-chrome WebUI renderers (Linux /proc); null when there is none. */
function webUiCpuMs(): number | null {
  let total: number | null = null;
  let dirs: string[] = [];
  try { dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d)); } catch { return null; }
  for (const pid of dirs) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--top-chrome-webui')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total = (total ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
    } catch { /* the process ended */ }
  }
  return total;
}

/**
 * Waits for Chromium's own interface to start before anything is timed. A new headless Chromium starts a renderer
 * for its top-chrome WebUI (the omnibox popup) a moment after its first window: 1.4–1.9 s of CPU here (twelfth
 * session, traced), which on two cores fell on whatever page was measured first — the first Lighthouse audit, one
 * seat map run in five. Polls that renderer's CPU time until it rests (< 30 ms in a second) or `timeoutMs`; waits at
 * most `appearMs` for it to appear (none on a platform without /proc). Returns what it waited for, for the record.
 */
export async function settleChromium(timeoutMs = 20_000, appearMs = 6_000): Promise<{ waitedMs: number; webUiCpuMs: number | null }> {
  const start = Date.now();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let last = webUiCpuMs();
  while (last === null && Date.now() - start < appearMs) { await sleep(250); last = webUiCpuMs(); }
  while (last !== null && Date.now() - start < timeoutMs) {
    await sleep(1000);
    const now = webUiCpuMs();
    if (now === null || now - last < 30) { last = now ?? last; break; }
    last = now;
  }
  return { waitedMs: Date.now() - start, webUiCpuMs: last };
}

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
