/** Process lifetime helpers for the long-running scripts (start, start:prod). */
import path from 'node:path';
import { ROOT } from './apps.ts';

/**
 * Calls `onGone` once the process that started this one is gone (this one re-parented, to PID 1 or a
 * subreaper). The npm scripts `exec` node, so npm is the parent: npm killed with SIGKILL (which it
 * cannot forward) still stops the site instead of leaving it serving with nobody to stop it.
 */
export function whenParentGone(onGone: () => void, intervalMs = 1000): void {
  const parent = process.ppid;
  if (parent <= 1) return; // started by init (a service manager): it stops us by signal
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
}

/** Preloaded (--import) into child processes spawned with an IPC channel: they stop when their parent is gone. */
export const EXIT_WITH_PARENT = path.join(ROOT, 'scripts', 'lib', 'exit-with-parent.mjs');
