import type { TestProject } from 'vitest/node';
import pg from 'pg';

/** Creates a fresh PostgreSQL database for the run when TEST_PG_URL is set; drops it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_PG_URL;
  const wantPg = base && process.env.TEST_ENGINE !== 'pglite';
  if (!wantPg) {
    project.provide('pgTestUrl', null);
    return async () => undefined;
  }
  const name = `api_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = '/' + name;
  project.provide('pgTestUrl', u.toString());
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}
