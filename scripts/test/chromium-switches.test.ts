import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../bench/lib.ts';
import { NO_OMNIBOX_WEBUI } from '../lib/chromium.ts';

/** Command lines of the running Chromium processes of one profile. */
function processesOf(profile: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(profile)) out.push(cmd);
    } catch { /* the process ended */ }
  }
  return out;
}

/**
 * The switches the benches and the e2e suite start Chromium with (scripts/lib/chromium.ts): without them a new
 * Chromium starts a top-chrome WebUI renderer (the omnibox popup) a moment after its first window, 1.4–1.9 s of CPU
 * that fell on the first page a bench timed.
 */
describe.runIf(process.platform === 'linux')("the benches' Chromium", () => {
  it('starts no top-chrome WebUI renderer beside the page', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'chromium-switches-'));
    const child = spawn(chromiumPath(), ['--headless=new', `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, NO_OMNIBOX_WEBUI, 'about:blank'], { stdio: 'ignore' });
    try {
      let seen: string[] = [];
      // it has a renderer for its page, and after a few seconds still no top-chrome one
      for (let i = 0; i < 24; i++) {
        await new Promise((r) => setTimeout(r, 250));
        seen = processesOf(profile);
      }
      expect(seen.some((c) => c.includes('--type=renderer'))).toBe(true);
      expect(seen.filter((c) => c.includes('--top-chrome-webui'))).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 300));
      rmSync(profile, { recursive: true, force: true });
    }
  }, 20_000);
});
