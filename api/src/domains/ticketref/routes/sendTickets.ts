import type { FastifyInstance } from 'fastify';
import { SendTicketsBody, SendTicketsParams, SendTicketsResponse } from '@ticketing/shared/contracts';
import type { Db } from '../../../db/index.ts';
import { ApiHttpError, route } from '../../../lib/route.ts';
import { pick } from '../../../lib/lang.ts';
import type { SmsProvider } from '../../../lib/sms.ts';
import { countSmsSend, publicBaseUrl } from '../../../lib/publicUrl.ts';
import { TZ } from '../../../lib/time.ts';
import { staffOf } from '../../staff/auth.ts';
import { reservationLines } from '../queries.ts';
import { TAGS } from './tags.ts';

const dmyFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** dd/mm/yyyy hh:mm in Asia/Jerusalem. */
const dmy = (d: Date) => dmyFmt.format(d).replace(',', '');

/** The same tickets are not resent to the same number within this many seconds. */
export const RESEND_REPEAT_SECONDS = 30;

/**
 * Claims the resend of a reservation's tickets to a number: undefined when it may go out (recorded now), else the
 * seconds until it may. Serialised per reservation and number, so of three requests at once one is sent.
 *
 * Why a refusal (409 SMS_RECENTLY_SENT) and not a success without sending: a manager who presses Send again within
 * seconds is either double-clicking (the admin now disables the button while sending, so this is a second tab or
 * a retry) or was told by the customer "nothing came". A silent success would tell them a second SMS went out when
 * none did; the refusal says that the tickets were sent to this number moments ago and when they can be sent again,
 * and the customer is not texted the same message twice. Another number, or the same one after the pause, is sent.
 */
async function claimResend(db: Db, identifier: string, mobile: string): Promise<number | undefined> {
  const key = `resend:${identifier}:${mobile}`;
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${key}`]);
    const { rows: [last] } = await q.query<{ age: number | null }>(
      `SELECT extract(epoch FROM now() - max(sent_at))::float8 AS age FROM sms_sends WHERE key = $1 AND sent_at > now() - make_interval(secs => $2)`,
      [key, RESEND_REPEAT_SECONDS]);
    if (last?.age !== null && last?.age !== undefined) return Math.max(1, Math.ceil(RESEND_REPEAT_SECONDS - last.age));
    await q.query('INSERT INTO sms_sends (key) VALUES ($1)', [key]);
    return undefined;
  });
}

/** Gives a claimed resend back (it was not sent), so the manager can try again at once. */
async function releaseResend(db: Db, identifier: string, mobile: string): Promise<void> {
  await db.query(`DELETE FROM sms_sends WHERE key = $1 AND sent_at > now() - make_interval(secs => $2)`, [`resend:${identifier}:${mobile}`, RESEND_REPEAT_SECONDS]);
}

/** Staff resend of a reservation's tickets by SMS. */
export function sendTicketsRoutes(scope: FastifyInstance, db: Db, sms: SmsProvider): void {
  route(scope, {
    method: 'POST', url: '/pres-live/reservations/{resId}/sendTickets', summary: 'Staff resend of a reservation\'s tickets by SMS (any reservation of the staff member\'s businesses; through the SMS provider). The visitor call POST /reservations/{resId}/sendTickets belongs to the orders domain', tags: TAGS,
    params: SendTicketsParams, body: SendTicketsBody, response: SendTicketsResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'NOT_FOUND', 409: 'SMS_RECENTLY_SENT', 429: 'SMS_LIMIT', 502: 'SMS_FAILED' },
    async handler({ params, body, req, lang }) {
      const rows = await reservationLines(db, params.resId, staffOf(req).businessIds);
      if (!rows.length) throw new ApiHttpError(404, 'NOT_FOUND', 'no such reservation of yours');
      const lines = rows.map((r) => `${pick(lang, r.f_he, r.f_en)} · ${dmy(new Date(r.starts))} · ${pick(lang, r.l_he, r.l_en)}, ${pick(lang, r.v_he, r.v_en)} · ${r.n}`);
      const doc = rows[0]!.doc ?? rows[0]!.identifier;
      const text = [lang === 'he' ? `הכרטיסים שלך, הזמנה ${params.resId}:` : `Your tickets, reservation ${params.resId}:`, ...lines, `${publicBaseUrl()}/edocument/${doc}`].join('\n');
      const identifier = rows[0]!.identifier;
      const wait = await claimResend(db, identifier, body.mobileNumber);
      if (wait !== undefined) {
        throw new ApiHttpError(409, 'SMS_RECENTLY_SENT', `these tickets were sent to this number less than ${RESEND_REPEAT_SECONDS} seconds ago`,
          { details: { retryAfterSeconds: wait } });
      }
      try {
        await countSmsSend(db, `reservation:${identifier}`);
      } catch (e) {
        await releaseResend(db, identifier, body.mobileNumber);
        throw e;
      }
      try {
        await sms.send(body.mobileNumber, text);
      } catch {
        await releaseResend(db, identifier, body.mobileNumber);
        throw new ApiHttpError(502, 'SMS_FAILED', 'the SMS provider failed');
      }
      return { success: true };
    },
  });
}
