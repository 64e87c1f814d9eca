/**
 * `npm run staff:add -- <username> <businessIds> [first name] [last name]`: creates or updates a staff
 * user (PresLive, ticket references) in the database of DATABASE_URL. The password is read from
 * STAFF_PASSWORD (never from the command line, which other users and shell history can see); at least 12
 * characters. Production has no seeded staff: this is how the first real users are made.
 *   DATABASE_URL=postgres://… STAFF_PASSWORD='…' npm run staff:add -- manager.tlv 1,3 Dana Levi
 */
import path from 'node:path';
import { openDbFromEnv, REPO_ROOT } from '../api/src/db/index.ts';
import { migrate } from '../api/src/db/migrate.ts';
import { hashPassword } from '../api/src/domains/staff/index.ts';
import { databaseHint } from './lib/db-hint.ts';
import { pgliteInUse } from './lib/pglite-in-use.ts';

const [username, businesses, first = username, last = ''] = process.argv.slice(2);
const password = process.env.STAFF_PASSWORD ?? '';
const businessIds = (businesses ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
if (!username || !/^[\w.@-]{3,64}$/.test(username) || !businessIds.length || password.length < 12) {
  console.error('usage: STAFF_PASSWORD=<12+ characters> npm run staff:add -- <username> <businessId,…> [first] [last]');
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  // PGlite (no DATABASE_URL): a running server holds the folder in its own memory and would overwrite the user.
  const dataDir = process.env.API_DATA_DIR || path.join(REPO_ROOT, '.data', 'pglite');
  const use = pgliteInUse(dataDir);
  if (use) {
    console.error(`staff:add refuses: the PGlite data folder ${dataDir} is in use${'unknown' in use ? ` (${use.unknown})` : ` by process ${use.pid}`}; ` +
      'a running server would overwrite the user. Stop the server (npm start) first, then run staff:add again' +
      (use.pid ? '.' : ' (if no server runs, remove the stale postmaster.pid in that folder).'));
    process.exit(1);
  }
}
let db: Awaited<ReturnType<typeof openDbFromEnv>>;
try {
  db = await openDbFromEnv();
  await migrate(db);
} catch (e) {
  const hint = databaseHint(e);
  if (!hint) throw e;
  console.error(`staff:add: ${hint}`);
  process.exit(1);
}
try {
  await db.query(`INSERT INTO staff_users (username, password_hash, first_name, last_name, business_ids) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, business_ids = EXCLUDED.business_ids,
      first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
  [username, await hashPassword(password), first, last, businessIds]);
  console.log(`staff user ${username} saved (businesses ${businessIds.join(', ')})`);
} finally {
  await db.close();
}
