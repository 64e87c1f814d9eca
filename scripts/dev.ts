/**
 * `npm run dev`: the api on 3001 and every app's Rspack dev server (host 3100, remotes 3101–3106).
 * Open http://localhost:3100/ — the host's dev registry points at each remote's dev server.
 */
import { spawn } from 'node:child_process';
import { APPS, ROOT, appDir } from './lib/apps.ts';

const children = [
  spawn('npx', ['tsx', 'api/src/main.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PORT: '3001', DEMO_MODE: process.env.DEMO_MODE ?? '1' } }),
  ...APPS.map((app) => spawn('npx', ['rspack', 'dev', '--mode', 'development'], { cwd: appDir(app), stdio: 'inherit' })),
];
const stop = () => { for (const c of children) c.kill('SIGTERM'); process.exit(0); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
