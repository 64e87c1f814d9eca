import type { TestProject } from 'vitest/node';
import { adminQuery, baseUrl, dbUrl, ensureServerUp } from './lib.ts';

declare module 'vitest' {
  export interface ProvidedContext { faultTemplate: string }
}

/** One migrated and seeded template database per run; each test clones it (CREATE DATABASE … TEMPLATE) and drops its clone. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await ensureServerUp();
  const name = `fault_tpl_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const { openPostgres } = await import('../src/db/index.ts');
  const { migrate } = await import('../src/db/migrate.ts');
  const { seed } = await import('../src/seed/index.ts');
  const db = await openPostgres(dbUrl(name), { max: 4 });
  try {
    await migrate(db);
    await seed(db);
  } finally {
    await db.close();
  }
  project.provide('faultTemplate', name);
  return async () => {
    await ensureServerUp();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
export { baseUrl };
