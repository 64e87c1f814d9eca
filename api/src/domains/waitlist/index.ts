import type { FastifyInstance } from 'fastify';
import {
  OfferParams, OfferResponse, WaitingListEntryResponse, WaitingListIdParams, WaitingListJoinBody, WaitingListResponse, type WaitingListEntry,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, route, type Lang } from '../../lib/route.ts';
import { outboxSmsProvider, type SmsProvider } from '../../lib/sms.ts';
import { toIso } from '../../lib/time.ts';
import { requireCustomer } from '../customers/service.ts';
import { allocate, findBlock, freeGaPlaces, presentationsWaiting, seatState } from './allocate.ts';
import { pick } from '../../lib/lang.ts';

interface EntryRow {
  id: number; presentation_id: number; name_he: string; name_en: string; starts_at: Date; party_size: number; adjacent_only: boolean;
  status: WaitingListEntry['status']; offer_uuid: string | null; offer_expires_at: Date | null;
}
const ENTRY_SQL = `SELECT e.id, e.presentation_id, f.name_he, f.name_en, p.starts_at, e.party_size, e.adjacent_only, e.status, e.offer_uuid, e.offer_expires_at
  FROM waiting_list_entries e JOIN presentations p ON p.id = e.presentation_id JOIN features f ON f.id = p.feature_id`;

const toEntry = (r: EntryRow, lang: Lang): WaitingListEntry => ({
  id: r.id, presentationId: r.presentation_id, title: pick(lang, r.name_he, r.name_en), startsAt: toIso(r.starts_at), partySize: r.party_size,
  adjacentOnly: r.adjacent_only, status: r.status,
  offerUrl: r.status === 'offered' && r.offer_uuid ? `/customer/offer/${r.offer_uuid}` : null,
  offerExpiresAt: r.status === 'offered' && r.offer_expires_at ? toIso(r.offer_expires_at) : null,
});

async function entriesOf(q: Queryable, customerId: number, lang: Lang) {
  const { rows } = await q.query<EntryRow>(`${ENTRY_SQL} WHERE e.customer_id = $1 AND e.status IN ('waiting', 'offered') ORDER BY e.created_at DESC`, [customerId]);
  return rows.map((r) => toEntry(r, lang));
}

/**
 * The waiting list: join (only when the presentation cannot seat the party now), list, leave, and the offer
 * link. A periodic pass (every WAITLIST_SWEEP_MS, default 5 s) offers seats freed by expired holds; a
 * cancellation in the customer area runs a pass at once (runAllocation).
 */
export async function waitlistPlugin(app: FastifyInstance, opts: { db: Db; sms?: SmsProvider; sweepMs?: number }): Promise<void> {
  const { db } = opts;
  const sms = opts.sms ?? outboxSmsProvider(db);
  const tags = ['customers'];
  let busy = false;
  const sweep = async () => {
    if (busy) return;
    busy = true;
    try { for (const pid of await presentationsWaiting(db)) await allocate(db, sms, pid); } catch { /* the next pass retries */ } finally { busy = false; }
  };
  // WAITLIST_SWEEP_MS=0 turns the periodic pass off (tests drive allocate themselves).
  const every = opts.sweepMs ?? Number(process.env.WAITLIST_SWEEP_MS ?? 5000);
  if (every > 0) {
    const timer = setInterval(() => void sweep(), every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.decorate('runAllocation', (pid: number) => allocate(db, sms, pid));

  route(app, {
    method: 'POST', url: '/customer-area/waiting-list', summary: 'Joins the waiting list of a sold-out presentation (or one without enough adjacent seats)', tags,
    body: WaitingListJoinBody, response: WaitingListEntryResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'EVENT_DETAILS_ERROR', 409: 'WAITLIST_SEATS_AVAILABLE' },
    async handler({ req, body, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      const id = await db.tx(async (q) => {
        const p = await q.query('SELECT 1 FROM presentations WHERE id = $1 AND starts_at > now()', [body.presentationId]);
        if (!p.rows.length) throw new ApiHttpError(404, 'EVENT_DETAILS_ERROR');
        const st = await seatState(q, body.presentationId);
        if (findBlock(st.seats, st.free, body.partySize, body.adjacentOnly) || await freeGaPlaces(q, body.presentationId) >= body.partySize) {
          throw new ApiHttpError(409, 'WAITLIST_SEATS_AVAILABLE', 'the seats can be booked now');
        }
        const { rows } = await q.query<{ id: number }>(`INSERT INTO waiting_list_entries (customer_id, presentation_id, party_size, adjacent_only, lang)
          VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`, [customerId, body.presentationId, body.partySize, body.adjacentOnly, lang]);
        if (!rows[0]) throw new ApiHttpError(409, 'WAITLIST_ALREADY', 'already on this waiting list');
        return rows[0].id;
      });
      const { rows } = await db.query<EntryRow>(`${ENTRY_SQL} WHERE e.id = $1`, [id]);
      return { entry: toEntry(rows[0]!, lang) };
    },
  });
  route(app, {
    method: 'GET', url: '/customer-area/waiting-list', summary: 'The signed-in customer\'s live waiting-list entries and offers', tags,
    response: WaitingListResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ req, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: false });
      return { entries: await entriesOf(db, customerId, lang) };
    },
  });
  route(app, {
    method: 'POST', url: '/customer-area/waiting-list/{id}/leave', summary: 'Leaves a waiting list (an offer\'s seats pass to the next entry)', tags,
    params: WaitingListIdParams, response: WaitingListResponse, errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'NOT_FOUND' },
    async handler({ req, params, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      const left = await db.tx(async (q) => {
        const { rows } = await q.query<{ presentation_id: number; offer_uuid: string | null; status: string }>(`UPDATE waiting_list_entries SET status = 'left'
          WHERE id = $1 AND customer_id = $2 AND status IN ('waiting', 'offered') RETURNING presentation_id, offer_uuid, status`, [params.id, customerId]);
        const r = rows[0];
        if (!r) throw new ApiHttpError(404, 'NOT_FOUND');
        if (r.offer_uuid) await q.query(`DELETE FROM presentation_seats WHERE presentation_id = $1 AND holder_uuid = $2 AND status = 'held'`, [r.presentation_id, r.offer_uuid]);
        return r;
      });
      if (left.offer_uuid) await allocate(db, sms, left.presentation_id);
      return { entries: await entriesOf(db, customerId, lang) };
    },
  });
  route(app, {
    method: 'GET', url: '/waiting-list/offer/{uuid}', summary: 'The offer of an SMS link: which presentation, held until when', tags,
    params: OfferParams, response: OfferResponse, errors: { 404: 'NOT_FOUND' },
    async handler({ params }) {
      const { rows } = await db.query<{ presentation_id: number; offer_expires_at: Date; live: boolean }>(`SELECT presentation_id, offer_expires_at,
        status = 'offered' AND offer_expires_at > now() AS live FROM waiting_list_entries WHERE offer_uuid = $1`, [params.uuid]);
      const r = rows[0];
      if (!r) throw new ApiHttpError(404, 'NOT_FOUND');
      return { presentationId: r.presentation_id, expiresAt: toIso(r.offer_expires_at), live: r.live };
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One waiting-list allocation pass over a presentation (waitlist plugin). */
    runAllocation?: (presentationId: number) => Promise<unknown>;
  }
}
