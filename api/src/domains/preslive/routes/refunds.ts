import type { FastifyInstance } from 'fastify';
import { maskVoucherReference, RefundIdParams, RefundResendResponse, RefundsQuery, RefundsResponse, type RefundRow } from '@ticketing/shared/contracts';
import type { Queryable } from '../../../db/index.ts';
import { ApiHttpError, route } from '../../../lib/route.ts';
import { shekels, toIso } from '../../../lib/time.ts';
import { pick } from '../../../lib/lang.ts';
import { resendCardRefund } from '../../customerarea/cardRefunds.ts';
import { TAGS, type PresliveContext } from '../context.ts';

interface Row {
  id: number; kind: 'card' | 'credit'; reservation_id: number; identifier: string; location_id: number; lhe: string; len: string;
  created_at: Date; amount: number; status: RefundRow['Status']; reason: string | null; detail: string | null; provider: string | null;
  attempts: number; next_attempt_at: Date | null; sent_at: Date | null; reference: string | null; balance: number | null; session: string | null;
}

/**
 * Card refunds and account credits of customer cancellations, newest first, for the staff member's businesses. The
 * date filter is the cancellation's day (Asia/Jerusalem); `open` lists every card refund still owed whatever its date.
 */
const REFUNDS_SQL = `
  SELECT * FROM (
    SELECT cr.id, 'card' AS kind, r.id AS reservation_id, r.identifier, l.id AS location_id, l.name_he AS lhe, l.name_en AS len,
           cr.created_at, cr.amount_agorot AS amount, cr.status, cr.reason, cr.detail, cr.provider, cr.attempts,
           CASE WHEN cr.status = 'pending' THEN cr.next_attempt_at END AS next_attempt_at, cr.sent_at,
           NULL::text AS reference, NULL::int AS balance, cr.payment_session_id AS session
    FROM card_refunds cr JOIN reservations r ON r.id = cr.reservation_id JOIN locations l ON l.id = r.location_id
    WHERE r.business_id = ANY($1::int[])
    UNION ALL
    SELECT c.id, 'credit', r.id, r.identifier, l.id, l.name_he, l.name_en, c.created_at, c.card_agorot, 'credited', NULL, NULL, NULL, 0,
           NULL, NULL, i.reference, i.balance, NULL
    FROM customer_cancellations c JOIN system_voucher_items i ON i.id = c.credit_item_id
    JOIN reservations r ON r.id = c.reservation_id JOIN locations l ON l.id = r.location_id
    WHERE r.business_id = ANY($1::int[])
  ) x`;

function toRow(r: Row, lang: string): RefundRow {
  return {
    Id: r.id, Kind: r.kind, ReservationId: r.reservation_id, ReservationIdentifier: r.identifier, LocationId: r.location_id,
    LocationName: pick(lang, r.lhe, r.len), CreatedAt: toIso(r.created_at), Amount: shekels(r.amount), Status: r.status,
    Reason: r.reason, Detail: r.detail, Provider: r.provider, Attempts: r.attempts,
    NextAttemptAt: r.next_attempt_at ? toIso(r.next_attempt_at) : null, SentAt: r.sent_at ? toIso(r.sent_at) : null,
    CreditVoucher: r.reference ? maskVoucherReference(r.reference) : null, CreditBalance: r.balance === null ? null : shekels(r.balance),
    CanResend: r.kind === 'card' && r.status === 'failed' && r.session !== null,
  };
}

async function listRefunds(db: Queryable, biz: number[], q: RefundsQuery): Promise<Row[]> {
  const { rows } = await db.query<Row>(`${REFUNDS_SQL}
    WHERE ($4::int IS NULL OR x.location_id = $4)
      AND CASE WHEN $5 THEN x.kind = 'card' AND x.status IN ('pending', 'failed')
               ELSE (x.created_at AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN $2::date AND $3::date END
    ORDER BY x.created_at DESC, x.kind, x.id DESC LIMIT 1000`, [biz, q.startDate, q.endDate, q.locationId ?? null, q.show === 'open']);
  return rows;
}

/**
 * The operator's list of what cancellations owe customers outside the vouchers that paid (eighteenth session: the card
 * part was only a number nobody sent, and no screen showed it): card refunds — sent, pending (the provider has not
 * taken it yet: the housekeeping tries again) or failed with the reason — and account credits (owed by the business
 * until the customer spends them). A failed card refund can be sent again from here.
 */
export function refundRoutes(scope: FastifyInstance, { db, biz }: PresliveContext): void {
  route(scope, {
    method: 'GET', url: '/PRES-live/refunds', summary: 'Card refunds (sent / pending / failed with the reason) and account credits of customer cancellations', tags: TAGS,
    query: RefundsQuery, response: RefundsResponse, errors: { 401: 'UNAUTHORIZED' },
    async handler({ query, req, lang }) {
      const rows = (await listRefunds(db, biz(req), query)).map((r) => toRow(r, lang));
      const sum = (st: RefundRow['Status']) => shekels(rows.filter((r) => r.Status === st).reduce((a, r) => a + Math.round(r.Amount * 100), 0));
      return { rows, totals: { sent: sum('sent'), pending: sum('pending'), failed: sum('failed'), credited: sum('credited') } };
    },
  });

  route(scope, {
    method: 'POST', url: '/PRES-live/refunds/{id}/resend', summary: 'Sends a failed card refund to its payment provider again', tags: TAGS,
    params: RefundIdParams, response: RefundResendResponse, errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'REFUND_NOT_FOUND', 409: 'REFUND_NOT_FAILED' },
    async handler({ params, req, lang }) {
      const own = await db.query<{ status: string; session: string | null }>(`SELECT cr.status, cr.payment_session_id AS session FROM card_refunds cr
        JOIN reservations r ON r.id = cr.reservation_id WHERE cr.id = $1 AND r.business_id = ANY($2::int[])`, [params.id, biz(req)]);
      const found = own.rows[0];
      if (!found) throw new ApiHttpError(404, 'REFUND_NOT_FOUND');
      if (found.status !== 'failed' || found.session === null) throw new ApiHttpError(409, 'REFUND_NOT_FAILED', 'only a failed card refund with a payment to refund through is sent again');
      await resendCardRefund(db, params.id);
      const { rows } = await db.query<Row>(`${REFUNDS_SQL} WHERE x.kind = 'card' AND x.id = $2`, [biz(req), params.id]);
      return { refund: toRow(rows[0]!, lang) };
    },
  });
}
