/**
 * `npm test`'s preflight: before any suite runs, make sure the machine has what the chosen suites need
 * (Debian's Chromium, nginx, a PostgreSQL server that lets the test user in), installing and starting it
 * when it can (root + apt-get), and otherwise stopping with one message that names what to do.
 *
 * `decide` is pure (facts in, one next step out) so its rules are unit tested (scripts/test/preflight.test.ts);
 * `runPreflight` probes the machine, performs the step, probes again, until ready or failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The password the fallback gives the local `postgres` user when the server does not trust it (as CI did). */
export const FALLBACK_PG_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** What each group of suites needs from the system (Debian package names). */
export const NEEDS = {
  unit: [],
  api: ['postgresql'],
  fault: ['postgresql'],
  // e2e drives Debian's Chromium; nginx is the production topology's front (start:prod, bench).
  e2e: ['chromium', 'nginx'],
};

/** The Debian packages behind each need: nginx with its Brotli module (it serves the builds' `.br` copies). */
export const APT_PACKAGES = { chromium: ['chromium'], nginx: ['nginx', 'libnginx-mod-http-brotli-static'], postgresql: ['postgresql'] };
/** Where Debian's libnginx-mod-http-brotli-static puts its module (nginx.ts loads it from there). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** @param {string[]} needs */
export const aptNames = (needs) => needs.flatMap((p) => APT_PACKAGES[/** @type {keyof typeof APT_PACKAGES} */ (p)] ?? [p]);

/** @param {string | undefined} only */
export function neededPackages(only) {
  const groups = only ? [only] : Object.keys(NEEDS);
  const set = new Set(groups.flatMap((g) => NEEDS[/** @type {keyof typeof NEEDS} */ (g)] ?? []));
  return ['chromium', 'nginx', 'postgresql'].filter((p) => set.has(p));
}

const isLocal = (url) => /@(127\.0\.0\.1|localhost)(:5432)?\//.test(url);

/**
 * The next step, from what is known about the machine.
 * @param {import('./preflight.d.mts').Facts} f
 * @returns {import('./preflight.d.mts').Step}
 */
export function decide(f) {
  const missing = f.needs.filter((p) => !f.installed[p]);
  if (missing.length) {
    if (f.isRoot && f.hasApt && !f.done.includes('install')) return { kind: 'install', packages: missing };
    const how = f.hasApt ? `${f.isRoot ? '' : 'sudo '}apt-get install -y ${aptNames(missing).join(' ')}` : `your system's package manager (Debian names: ${aptNames(missing).join(', ')})`;
    const why = f.done.includes('install') ? ` (apt-get install did not provide ${missing.join(', ')})` : '';
    return { kind: 'fail', message: `npm test needs ${missing.map(describe).join(', ')}${why}. Install with: ${how} — then run npm test again.` };
  }
  if (!f.needs.includes('postgresql')) return { kind: 'ready', env: {} };

  if (!f.pgListening) {
    if (!isLocal(f.pgUrl)) return { kind: 'fail', message: `The PostgreSQL server of TEST_PG_URL (${redact(f.pgUrl)}) does not answer. Start it, or unset TEST_PG_URL to use the local one.` };
    const version = f.clusters[0];
    if (!version) return { kind: 'fail', message: `PostgreSQL is installed but has no cluster. Create and start one with: ${sudo(f)}pg_createcluster --start 15 main — then run npm test again.` };
    if (f.isRoot && !f.done.includes('start')) return { kind: 'start', version };
    const how = `${sudo(f)}pg_ctlcluster --skip-systemctl-redirect ${version} main start`;
    return { kind: 'fail', message: `PostgreSQL is not running on 127.0.0.1:5432${f.done.includes('start') ? ' (starting it did not help; see /var/log/postgresql)' : ''}. Start it with: ${how} — then run npm test again.` };
  }
  if (!f.pgAuthOk) {
    if (isLocal(f.pgUrl) && f.isRoot && !f.done.includes('password')) return { kind: 'password', url: FALLBACK_PG_URL };
    return {
      kind: 'fail',
      message: `PostgreSQL at ${redact(f.pgUrl)} refuses the test user. Allow it (trust for 127.0.0.1 in pg_hba.conf) or set TEST_PG_URL=postgres://user:password@127.0.0.1:5432/postgres — then run npm test again.`,
    };
  }
  return { kind: 'ready', env: f.pgUrl === (f.userPgUrl ?? DEFAULT_PG_URL) ? {} : { TEST_PG_URL: f.pgUrl } };
}

const describe = (p) => ({ chromium: "Debian's Chromium (/usr/bin/chromium)", nginx: 'nginx with its Brotli module', postgresql: 'PostgreSQL' })[p] ?? p;
const sudo = (f) => (f.isRoot ? '' : 'sudo ');
const redact = (url) => url.replace(/:[^:@/]+@/, ':***@');

// ---- the thin executor: probes and actions on this machine ----

const ok = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 30_000, ...opts }).status === 0;
const has = (cmd) => ok('sh', ['-c', `command -v ${cmd}`]);

/** @param {Pick<import('./preflight.d.mts').Facts, 'needs' | 'done' | 'pgUrl' | 'userPgUrl'>} base */
function probe(base) {
  const url = new URL(base.pgUrl);
  const installed = {
    chromium: existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    nginx: has('nginx') && existsSync(BROTLI_STATIC_MODULE),
    postgresql: has('pg_isready') && has('psql'),
  };
  const pgListening = installed.postgresql && ok('pg_isready', ['-q', '-h', url.hostname, '-p', url.port || '5432']);
  return {
    ...base,
    installed,
    isRoot: process.getuid?.() === 0,
    hasApt: has('apt-get'),
    clusters: existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort().reverse() : [],
    pgListening,
    pgAuthOk: pgListening && ok('psql', [base.pgUrl, '-tAc', 'select 1']),
  };
}

function perform(step) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (step.kind === 'install') {
    console.log(`preflight: installing ${aptNames(step.packages).join(' ')} (apt-get)…`);
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', ...aptNames(step.packages)], { stdio: ['ignore', 'ignore', 'inherit'], env });
  } else if (step.kind === 'start') {
    console.log(`preflight: starting PostgreSQL ${step.version}…`);
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', step.version, 'main', 'start'], { stdio: 'inherit' });
    for (let i = 0; i < 30 && !ok('pg_isready', ['-q', '-h', '127.0.0.1', '-p', '5432']); i++) spawnSync('sleep', ['1']);
  } else if (step.kind === 'password') {
    console.log('preflight: PostgreSQL does not trust the local test user; giving postgres a password (TEST_PG_URL)…');
    spawnSync('su', ['postgres', '-c', `psql -c "alter user postgres password 'postgres'"`], { stdio: 'ignore' });
  }
}

/**
 * Probes, acts, probes again until the machine is ready (returns env to add, e.g. TEST_PG_URL)
 * or cannot be made ready (prints one message and exits non-zero before any suite ran).
 * @param {string | undefined} only
 */
export function runPreflight(only) {
  const userPgUrl = process.env.TEST_PG_URL || undefined;
  let base = { needs: neededPackages(only), done: /** @type {string[]} */ ([]), pgUrl: userPgUrl ?? DEFAULT_PG_URL, userPgUrl };
  for (;;) {
    const step = decide(probe(base));
    if (step.kind === 'ready') return step.env;
    if (step.kind === 'fail') {
      console.error(`\npreflight: ${step.message}\n`);
      process.exit(2);
    }
    perform(step);
    base = { ...base, done: [...base.done, step.kind], pgUrl: step.kind === 'password' ? step.url : base.pgUrl };
  }
}
