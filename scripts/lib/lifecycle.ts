/** Process lifetime helpers for the long-running scripts (start, start:prod). */
import { spawn, type ChildProcess } from 'node:child_process';
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

/**
 * nginx runs in its own session (so a Ctrl-C in the terminal reaches start:prod, which drains it in order) and
 * would outlive a SIGKILL of start:prod, holding the site's port with no api behind it. A detached shell
 * watches the script's pid: once it is gone (or a zombie), nginx gets QUIT (graceful) and its temporary
 * prefix is removed. start:prod kills the watchdog first when it stops normally.
 */
export function stopNginxWhenGone(scriptPid: number, nginxPid: number, prefix: string): ChildProcess {
  const sh = [
    'alive() { s=$(sed "s/.*) //" /proc/$1/stat 2>/dev/null) || return 1; [ -n "$s" ] && [ "${s%% *}" != Z ]; }',
    'while alive "$1"; do sleep 1; done',
    'kill -QUIT "$2" 2>/dev/null',
    'i=0; while alive "$2" && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done',
    'rm -rf "$3"',
  ].join('\n');
  const w = spawn('sh', ['-c', sh, 'sh', String(scriptPid), String(nginxPid), prefix], { detached: true, stdio: 'ignore' });
  w.unref();
  return w;
}
