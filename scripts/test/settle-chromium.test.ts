import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { settleChromium } from '../bench/lib.ts';

// A stand-in for Chromium's top-chrome WebUI renderer: a process whose command line carries the flag, busy for a
// while and then idle (what the real one does a moment after the first window).
const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => { for (const c of children.splice(0)) c.kill('SIGKILL'); });
function standIn(busyMs: number) {
  const code = `const end = Date.now() + ${busyMs}; while (Date.now() < end) {} setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', code, '--', '--top-chrome-webui'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

describe.runIf(process.platform === 'linux')('settleChromium (the browser\'s own start-up kept out of the timings)', () => {
  it('waits while the WebUI renderer is busy and returns once it rests, with the CPU time it used', async () => {
    standIn(2_500);
    const r = await settleChromium(15_000, 3_000);
    expect(r.webUiCpuMs).not.toBeNull();
    expect(r.webUiCpuMs!).toBeGreaterThanOrEqual(1_500);
    expect(r.waitedMs).toBeGreaterThanOrEqual(2_000);
    expect(r.waitedMs).toBeLessThan(15_000);
  }, 20_000);

  it('does not wait past its limit for a renderer that never appears', async () => {
    const r = await settleChromium(15_000, 500);
    expect(r.webUiCpuMs).toBeNull();
    expect(r.waitedMs).toBeLessThan(2_000);
  });
});
