/**
 * Whether a PGlite data folder is open in another process. PGlite runs inside the server's process
 * and keeps its own copy of what it read: a second process writing the same folder (staff:add beside a
 * running `npm start`) is overwritten by the server's next checkpoint, its change silently lost.
 * PGlite writes postmaster.pid while the folder is open and removes it at a clean close (its pid
 * field is a placeholder, -42); the process holding the folder is found by its open files (/proc).
 */
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export type PgliteUse = { pid: number } | { pid: undefined; unknown: string } | undefined;

/** The process that has `dataDir` open (undefined: nobody, or a stale postmaster.pid left by a crash). */
export function pgliteInUse(dataDir: string, procDir = '/proc'): PgliteUse {
  const dir = path.resolve(dataDir);
  if (!existsSync(path.join(dir, 'postmaster.pid'))) return undefined;
  if (!existsSync(path.join(procDir, 'self', 'fd'))) return { pid: undefined, unknown: 'no /proc on this system to find which process has it open' };
  let unreadable = 0;
  for (const entry of readdirSync(procDir)) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(path.join(procDir, entry, 'fd'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EACCES' || (e as NodeJS.ErrnoException).code === 'EPERM') unreadable++;
      continue; // or it ended meanwhile
    }
    for (const fd of fds) {
      let target: string;
      try { target = readlinkSync(path.join(procDir, entry, 'fd', fd)); } catch { continue; }
      if (target === dir || target.startsWith(dir + path.sep)) return { pid };
    }
  }
  // Another user's processes cannot be looked into: the folder may be theirs.
  if (unreadable && typeof process.getuid === 'function' && process.getuid() !== 0) {
    return { pid: undefined, unknown: `${unreadable} processes of other users could not be checked` };
  }
  return undefined;
}
