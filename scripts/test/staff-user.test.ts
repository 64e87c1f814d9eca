/**
 * `npm run staff:add` on PGlite (no DATABASE_URL) while a server has the data folder open: the server's
 * PGlite keeps its own copy and overwrote the user the tool reported "saved". It now refuses, naming the
 * process; a postmaster.pid left by a crashed server does not block it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../lib/apps.ts';
import { pgliteInUse } from '../lib/pglite-in-use.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'staff-add-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('pgliteInUse', () => {
  it('in use when a process has a file of the folder open; stale postmaster.pid alone is not', () => {
    const data = path.join(tmp, 'fake-data');
    const proc = path.join(tmp, 'proc');
    mkdirSync(path.join(data, 'base'), { recursive: true });
    mkdirSync(path.join(proc, 'self', 'fd'), { recursive: true });
    mkdirSync(path.join(proc, '4242', 'fd'), { recursive: true });
    expect(pgliteInUse(data, proc)).toBeUndefined(); // closed cleanly: no postmaster.pid
    writeFileSync(path.join(data, 'postmaster.pid'), '-42\n');
    expect(pgliteInUse(data, proc)).toBeUndefined(); // left by a crash: nobody holds the folder
    symlinkSync(path.join(data, 'base', '1259'), path.join(proc, '4242', 'fd', '7'));
    expect(pgliteInUse(data, proc)).toEqual({ pid: 4242 });
  });
});

describe('staff:add without DATABASE_URL', () => {
  const env = () => {
    const e: NodeJS.ProcessEnv = { ...process.env, API_DATA_DIR: path.join(tmp, 'data'), STAFF_PASSWORD: 'a-long-password-1' };
    delete e.DATABASE_URL;
    return e;
  };
  const staffAdd = () => spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'staff-user.ts'), 'night.manager', '1'], { cwd: ROOT, encoding: 'utf8', env: env(), timeout: 120_000 });

  it('refuses while another process (a running server) has the PGlite folder open, then works once it is gone', async () => {
    // The server's part: PGlite open on the folder, as `npm start` holds it.
    const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e',
      `const { openPglite } = await import(${JSON.stringify(path.join(ROOT, 'api/src/db/index.ts'))});
       await openPglite(process.env.API_DATA_DIR); console.log('open'); setInterval(() => {}, 1000);`], { cwd: ROOT, env: env(), stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on('data', (c: Buffer) => { if (c.includes('open')) resolve(); });
        holder.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
      });
      const r = staffAdd();
      expect(r.status).toBe(1);
      expect(r.stdout).not.toMatch(/saved/);
      expect(r.stderr.trim()).toBe(`staff:add refuses: the PGlite data folder ${path.join(tmp, 'data')} is in use by process ${holder.pid}; a running server would overwrite the user. Stop the server (npm start) first, then run staff:add again.`);
    } finally {
      const exited = new Promise((r) => holder.once('exit', r));
      holder.kill('SIGKILL'); // a crash: its postmaster.pid stays behind
      await exited;
    }
    const r = staffAdd();
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('staff user night.manager saved (businesses 1)');
  }, 180_000);
});
