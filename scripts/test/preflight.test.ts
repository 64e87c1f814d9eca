import { describe, expect, it } from 'vitest';
import { aptNames, decide, neededPackages, DEFAULT_PG_URL, FALLBACK_PG_URL, type Facts } from '../lib/preflight.mjs';

/** A machine with everything: root, apt, all three packages, PostgreSQL 15 up and trusting the test user. */
const ready: Facts = {
  needs: ['chromium', 'nginx', 'postgresql'],
  installed: { chromium: true, nginx: true, postgresql: true },
  isRoot: true,
  hasApt: true,
  clusters: ['15'],
  pgListening: true,
  pgAuthOk: true,
  pgUrl: DEFAULT_PG_URL,
  done: [],
};
const machine = (over: Partial<Facts>): Facts => ({ ...ready, ...over });
const failMessage = (f: Facts) => {
  const step = decide(f);
  if (step.kind !== 'fail') throw new Error(`expected fail, got ${step.kind}`);
  return step.message;
};

describe('preflight: what the chosen suites need', () => {
  it('the full run needs Chromium, nginx and PostgreSQL; unit suites need nothing', () => {
    expect(neededPackages(undefined)).toEqual(['chromium', 'nginx', 'postgresql']);
    expect(neededPackages('unit')).toEqual([]);
    expect(neededPackages('api')).toEqual(['postgresql']);
    expect(neededPackages('e2e')).toEqual(['chromium', 'nginx']);
  });
  it('nginx is installed with its Brotli module (brotli_static serves the builds\' .br copies)', () => {
    expect(aptNames(['chromium', 'nginx'])).toEqual(['chromium', 'nginx', 'libnginx-mod-http-brotli-static']);
    expect(failMessage(machine({ isRoot: false, installed: { chromium: true, nginx: false, postgresql: true } })))
      .toContain('sudo apt-get install -y nginx libnginx-mod-http-brotli-static');
  });
});

describe('preflight: decisions', () => {
  it('a ready machine runs as it is, with no extra environment', () => {
    expect(decide(ready)).toEqual({ kind: 'ready', env: {} });
  });

  it('as root with apt, installs exactly the missing packages', () => {
    const f = machine({ installed: { chromium: false, nginx: true, postgresql: false } });
    expect(decide(f)).toEqual({ kind: 'install', packages: ['chromium', 'postgresql'] });
  });

  it('without root, installs nothing and names the sudo apt-get command', () => {
    const msg = failMessage(machine({ isRoot: false, installed: { chromium: false, nginx: false, postgresql: true } }));
    expect(msg).toContain('sudo apt-get install -y chromium nginx');
    expect(msg).toContain("Debian's Chromium");
    expect(msg).not.toContain('postgresql');
  });

  it('without apt, names the packages for another package manager', () => {
    const msg = failMessage(machine({ hasApt: false, installed: { chromium: false, nginx: true, postgresql: true } }));
    expect(msg).toContain("your system's package manager");
    expect(msg).not.toContain('apt-get install');
  });

  it('does not install twice: a package apt did not provide is a failure naming it', () => {
    const msg = failMessage(machine({ done: ['install'], installed: { chromium: false, nginx: true, postgresql: true } }));
    expect(msg).toContain('apt-get install did not provide chromium');
  });

  it('a package only the skipped suites need is not required', () => {
    expect(decide(machine({ needs: [], installed: { chromium: false, nginx: false, postgresql: false } }))).toEqual({ kind: 'ready', env: {} });
    expect(decide(machine({ needs: ['postgresql'], installed: { chromium: false, nginx: false, postgresql: true } })).kind).toBe('ready');
  });

  it('starts the local cluster (newest version) when PostgreSQL is installed but not running', () => {
    expect(decide(machine({ pgListening: false, pgAuthOk: false, clusters: ['16', '15'] }))).toEqual({ kind: 'start', version: '16' });
  });

  it('without root, says how to start the cluster instead', () => {
    const msg = failMessage(machine({ isRoot: false, pgListening: false, pgAuthOk: false }));
    expect(msg).toContain('sudo pg_ctlcluster --skip-systemctl-redirect 15 main start');
  });

  it('a cluster that does not come up after one start is a failure, not a loop', () => {
    expect(failMessage(machine({ pgListening: false, pgAuthOk: false, done: ['start'] }))).toContain('starting it did not help');
  });

  it('no cluster at all: says how to create one', () => {
    expect(failMessage(machine({ pgListening: false, pgAuthOk: false, clusters: [] }))).toContain('pg_createcluster');
  });

  it('a server that refuses the trusted user gets the password fallback, then runs with TEST_PG_URL', () => {
    expect(decide(machine({ pgAuthOk: false }))).toEqual({ kind: 'password', url: FALLBACK_PG_URL });
    expect(decide(machine({ pgUrl: FALLBACK_PG_URL, done: ['password'] }))).toEqual({ kind: 'ready', env: { TEST_PG_URL: FALLBACK_PG_URL } });
  });

  it('still refused after the fallback, or not root: says how to allow the user', () => {
    expect(failMessage(machine({ pgAuthOk: false, pgUrl: FALLBACK_PG_URL, done: ['password'] }))).toContain('TEST_PG_URL=');
    expect(failMessage(machine({ pgAuthOk: false, isRoot: false }))).toContain('pg_hba.conf');
  });

  it("a user's own TEST_PG_URL is never started or altered, and its password is not printed", () => {
    const url = 'postgres://ci:s3cret@db.example:5432/postgres';
    const msg = failMessage(machine({ pgUrl: url, userPgUrl: url, pgListening: false, pgAuthOk: false }));
    expect(msg).toContain('TEST_PG_URL');
    expect(msg).not.toContain('s3cret');
    expect(failMessage(machine({ pgUrl: url, userPgUrl: url, pgAuthOk: false }))).not.toContain('s3cret');
    expect(decide(machine({ pgUrl: url, userPgUrl: url }))).toEqual({ kind: 'ready', env: {} });
  });
});
