/**
 * `npm run staff:add -- <username> <businessIds> [first name] [last name]`: creates or updates a staff
 * user (PresLive, ticket references) in the database of DATABASE_URL. The password is read from
 * STAFF_PASSWORD (never from the command line, which other users and shell history can see); at least 12
 * characters. Production has no seeded staff: this is how the first real users are made.
 *   DATABASE_URL=postgres://… STAFF_PASSWORD='…' npm run staff:add -- manager.tlv 1,3 Dana Levi
 */
import { openDbFromEnv } from '../api/src/db/index.ts';
import { migrate } from '../api/src/db/migrate.ts';
import { hashPassword } from '../api/src/domains/staff/index.ts';

const [username, businesses, first = username, last = ''] = process.argv.slice(2);
const password = process.env.STAFF_PASSWORD ?? '';
const businessIds = (businesses ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
if (!username || !/^[\w.@-]{3,64}$/.test(username) || !businessIds.length || password.length < 12) {
  console.error('usage: STAFF_PASSWORD=<12+ characters> npm run staff:add -- <username> <businessId,…> [first] [last]');
  process.exit(1);
}
const db = await openDbFromEnv();
try {
  await migrate(db);
  await db.query(`INSERT INTO staff_users (username, password_hash, first_name, last_name, business_ids) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, business_ids = EXCLUDED.business_ids,
      first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
  [username, await hashPassword(password), first, last, businessIds]);
  console.log(`staff user ${username} saved (businesses ${businessIds.join(', ')})`);
} finally {
  await db.close();
}
