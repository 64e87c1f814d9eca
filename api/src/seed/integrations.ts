import type { Queryable } from '../db/index.ts';

/** One demo partner for GET /integration (idempotent). */
export async function seedIntegrations(q: Queryable): Promise<void> {
  await q.query(`INSERT INTO integrations (id, name, return_origin, max_age_s) VALUES ('DEMO-PARTNER', 'Demo partner', 'https://partner.example', 900)
    ON CONFLICT (id) DO NOTHING`);
}
