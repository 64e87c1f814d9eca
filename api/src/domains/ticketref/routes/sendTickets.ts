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

/** Staff resend of a reservation's tickets by SMS. */
export function sendTicketsRoutes(scope: FastifyInstance, db: Db, sms: SmsProvider): void {
  route(scope, {
    method: 'POST', url: '/pres-live/reservations/{resId}/sendTickets', summary: 'Staff resend of a reservation\'s tickets by SMS (any reservation of the staff member\'s businesses; through the SMS provider). The visitor call POST /reservations/{resId}/sendTickets belongs to the orders domain', tags: TAGS,
    params: SendTicketsParams, body: SendTicketsBody, response: SendTicketsResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 404: 'NOT_FOUND', 409: 'NOTHING_TO_SEND', 502: 'SMS_FAILED' },
    async handler({ params, body, req, lang }) {
      const rows = await reservationLines(db, params.resId, staffOf(req).businessIds);
      if (!rows.length) throw new ApiHttpError(404, 'NOT_FOUND', 'no such reservation of yours');
      const lines = rows.map((r) => `${pick(lang, r.f_he, r.f_en)} · ${dmy(new Date(r.starts))} · ${pick(lang, r.l_he, r.l_en)}, ${pick(lang, r.v_he, r.v_en)} · ${r.n}`);
      const doc = rows[0]!.doc ?? rows[0]!.identifier;
      const text = [lang === 'he' ? `הכרטיסים שלך, הזמנה ${params.resId}:` : `Your tickets, reservation ${params.resId}:`, ...lines, `${publicBaseUrl()}/edocument/${doc}`].join('\n');
      await countSmsSend(db, `reservation:${rows[0]!.identifier}`);
      try {
        await sms.send(body.mobileNumber, text);
      } catch {
        throw new ApiHttpError(502, 'SMS_FAILED', 'the SMS provider failed');
      }
      return { success: true };
    },
  });
}
