import type { FastifyInstance } from 'fastify';
import {
  VoucherActionBody, VoucherActionResponse, VoucherHistoryResponse, VoucherRefParams, type AreaVoucher, type VoucherHistoryEntry,
} from '@ticketing/shared/contracts';
import type { Db, Queryable } from '../../db/index.ts';
import { ApiHttpError, route, type Lang } from '../../lib/route.ts';
import { jerusalemToday, toIso } from '../../lib/time.ts';
import { requireCustomer } from '../customers/service.ts';
import { pick } from '../../lib/lang.ts';

/** Replacement window in days from purchase (decisions.md: configuration, default 30). CUSTOMER_VOUCHER_REPLACEMENT_DAYS */
export const replacementDays = (env: NodeJS.ProcessEnv = process.env) => Number(env.CUSTOMER_VOUCHER_REPLACEMENT_DAYS || 30);

interface VoucherRow {
  id: number; system_voucher_id: number; is_account_credit: boolean; reference: string; name_he: string; name_en: string; balance: number; ticket_balance: number; redeemed: number; redemptions: number;
  created_at: Date; end_date: string; status: 'active' | 'cancelled'; is_for_replacement: boolean; purchase_id: number | null; in_window: boolean;
}

const VOUCHER_SQL = `
  SELECT i.id, i.system_voucher_id, v.is_account_credit, i.reference, v.name_he, v.name_en, i.balance, i.ticket_balance, i.created_at, i.end_date::text AS end_date, i.status,
         i.is_for_replacement, i.purchase_id, i.created_at > now() - make_interval(days => $2) AS in_window,
         -- net of what cancellations gave back (the balance and the redeemed add up to what was loaded)
         (COALESCE((SELECT sum(amount) FROM voucher_redemptions vr WHERE vr.item_id = i.id), 0)
          - COALESCE((SELECT sum(amount) FROM system_voucher_events e WHERE e.item_id = i.id AND e.kind = 'refunded'), 0))::int AS redeemed,
         (SELECT count(*) FROM voucher_redemptions vr WHERE vr.item_id = i.id)::int AS redemptions
  FROM system_voucher_items i JOIN system_vouchers v ON v.id = i.system_voucher_id`;

const isActive = (r: VoucherRow) => r.status === 'active' && r.end_date >= jerusalemToday();

function toArea(r: VoucherRow, lang: Lang): AreaVoucher {
  const online = r.purchase_id !== null;
  return {
    reference: r.reference, systemVoucherId: r.system_voucher_id, isAccountCredit: r.is_account_credit, name: pick(lang, r.name_he, r.name_en), balance: r.balance / 100, ticketBalance: r.ticket_balance,
    redeemed: r.redeemed / 100, purchaseDate: toIso(r.created_at), expirationDate: r.end_date, status: r.status, isForReplacement: r.is_for_replacement,
    canCancel: online && isActive(r) && !r.is_for_replacement && r.redemptions === 0,
    canReplace: online && isActive(r) && !r.is_for_replacement && r.in_window,
  };
}

/** The signed-in customer's system vouchers, newest first. */
export async function customerVouchers(q: Queryable, customerId: number, lang: Lang): Promise<AreaVoucher[]> {
  const { rows } = await q.query<VoucherRow>(`${VOUCHER_SQL} WHERE i.customer_id = $1 ORDER BY i.created_at DESC, i.id DESC`, [customerId, replacementDays()]);
  return rows.map((r) => toArea(r, lang));
}

/**
 * System vouchers in the customer area: cancel, mark for replacement, history. Only the owner's vouchers
 * exist for these calls (anyone else's is SYSTEM_VOUCHER_NOT_FOUND); only vouchers sold on this site can be
 * changed here (SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET: the box office that sold it handles it).
 */
export function voucherRoutes(app: FastifyInstance, db: Db): void {
  const tags = ['customers'];

  async function act(customerId: number, ref: string, kind: 'cancelled' | 'replacement', reservationIdentifier: string | null, lang: Lang) {
    return db.tx(async (q) => {
      const { rows } = await q.query<VoucherRow>(`${VOUCHER_SQL} WHERE i.reference = $1 AND i.customer_id = $3 FOR UPDATE OF i`, [ref, replacementDays(), customerId]);
      const r = rows[0];
      if (!r) throw new ApiHttpError(404, 'SYSTEM_VOUCHER_NOT_FOUND');
      if (r.purchase_id === null) throw new ApiHttpError(409, 'SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET');
      if (r.is_for_replacement) throw new ApiHttpError(409, 'SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT');
      if (!isActive(r)) throw new ApiHttpError(409, 'SYSTEM_VOUCHER_NOT_ACTIVE');
      if (kind === 'cancelled' && r.redemptions > 0) throw new ApiHttpError(409, 'SYSTEM_VOUCHER_NOT_ACTIVE', 'a used voucher cannot be cancelled');
      if (kind === 'replacement' && !r.in_window) throw new ApiHttpError(409, 'SYSTEM_VOUCHER_NOT_ACTIVE', 'the replacement window has passed');
      await q.query(kind === 'cancelled' ? `UPDATE system_voucher_items SET status = 'cancelled' WHERE id = $1` : 'UPDATE system_voucher_items SET is_for_replacement = true WHERE id = $1', [r.id]);
      await q.query('INSERT INTO system_voucher_events (item_id, kind, customer_id, reservation_identifier) VALUES ($1, $2, $3, $4)', [r.id, kind, customerId, reservationIdentifier]);
      const after = await q.query<VoucherRow>(`${VOUCHER_SQL} WHERE i.id = $1`, [r.id, replacementDays()]);
      return { systemVoucher: toArea(after.rows[0]!, lang) };
    });
  }

  const errors = { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'SYSTEM_VOUCHER_NOT_FOUND', 409: 'SYSTEM_VOUCHER_NOT_ACTIVE' };
  const actions = [
    { path: 'cancel', kind: 'cancelled', summary: 'Customer area: cancels an own, unused gift voucher bought on the site' },
    { path: 'replacement', kind: 'replacement', summary: 'Customer area: marks an own gift voucher for replacement (within the configured days)' },
  ] as const;
  for (const a of actions) {
    route(app, {
      method: 'POST', url: `/system-vouchers/{ref}/${a.path}`, summary: a.summary, tags,
      params: VoucherRefParams, body: VoucherActionBody, response: VoucherActionResponse, errors,
      async handler({ req, params, body, lang }) {
        const customerId = await requireCustomer(db, req, { csrf: true });
        return act(customerId, params.ref, a.kind, body.reservationIdentifier ?? null, lang);
      },
    });
  }
  route(app, {
    method: 'GET', url: '/system-vouchers/{ref}/history', summary: 'Customer area: what happened to an own gift voucher', tags,
    params: VoucherRefParams, response: VoucherHistoryResponse, errors: { 401: 'UNAUTHORIZED', 404: 'SYSTEM_VOUCHER_NOT_FOUND' },
    async handler({ req, params }) {
      const customerId = await requireCustomer(db, req, { csrf: false });
      const own = await db.query<{ id: number; created_at: Date; balance: number }>(
        'SELECT id, created_at, balance FROM system_voucher_items WHERE reference = $1 AND customer_id = $2', [params.ref, customerId]);
      const item = own.rows[0];
      if (!item) throw new ApiHttpError(404, 'SYSTEM_VOUCHER_NOT_FOUND');
      const red = await db.query<{ amount: number; tickets: number; created_at: Date; identifier: string }>(`
        SELECT vr.amount, vr.tickets, vr.created_at, r.identifier FROM voucher_redemptions vr JOIN reservations r ON r.id = vr.reservation_id
        WHERE vr.item_id = $1`, [item.id]);
      // 'credited' (a cancellation's refund put on the account credit) reads as what it is to the customer: money a
      // cancellation gave back
      const ev = await db.query<{ kind: 'cancelled' | 'replacement' | 'refunded'; created_at: Date; reservation_identifier: string | null; amount: number; tickets: number }>(
        `SELECT CASE WHEN kind = 'credited' THEN 'refunded' ELSE kind END AS kind, created_at, reservation_identifier, amount, tickets
         FROM system_voucher_events WHERE item_id = $1`, [item.id]);
      const history: VoucherHistoryEntry[] = [
        { kind: 'issued', date: toIso(item.created_at), amount: 0, tickets: 0, reservationIdentifier: null },
        ...red.rows.map((r) => ({ kind: 'redeemed' as const, date: toIso(r.created_at), amount: r.amount / 100, tickets: r.tickets, reservationIdentifier: r.identifier })),
        // 'refunded': what a cancellation of the order gave back
        ...ev.rows.map((e) => ({ kind: e.kind, date: toIso(e.created_at), amount: e.amount / 100, tickets: e.tickets, reservationIdentifier: e.reservation_identifier })),
      ];
      history.sort((a, b) => a.date.localeCompare(b.date));
      return { history };
    },
  });
}
