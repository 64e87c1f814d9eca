/**
 * `npm run remotes [-- --json]`: per remote, the live version and the stored ones, plus the last
 * registry changes.
 */
import { REMOTES, siteDir } from './lib/apps.ts';
import { liveVersion, readHistory, registryPath, storedVersions } from './lib/registry.ts';

const rows = REMOTES.map((name) => ({ name, live: liveVersion(name) ?? null, stored: storedVersions(name) }));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ site: siteDir(), registry: registryPath(), remotes: rows }, null, 2));
} else {
  console.log(`site ${siteDir()}\n`);
  const w = Math.max(...REMOTES.map((n) => n.length)) + 2;
  console.log(`${'remote'.padEnd(w)}${'live'.padEnd(16)}stored`);
  for (const r of rows) console.log(`${r.name.padEnd(w)}${(r.live ?? '—').padEnd(16)}${r.stored.map((v) => (v === r.live ? `${v}*` : v)).join('  ') || '—'}`);
  const history = readHistory().slice(-5);
  if (history.length) {
    console.log('\nrecent changes:');
    for (const h of history) console.log(`  ${h.at}  ${h.reason}`);
  }
}
