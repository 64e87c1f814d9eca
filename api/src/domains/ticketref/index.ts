import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { outboxSmsProvider, type SmsProvider } from '../../lib/sms.ts';
import { staffGuard } from '../staff/auth.ts';
import { promptRoutes } from './routes/prompts.ts';
import { sendTicketsRoutes } from './routes/sendTickets.ts';

/**
 * Ticket reference admin (spec section 7), mounted at /PRES-live/ticket-ref by mf-ticketref.
 * Routes in routes/, their SQL in queries.ts.
 */
export async function ticketrefPlugin(app: FastifyInstance, opts: { db: Db; sms?: SmsProvider }): Promise<void> {
  const { db } = opts;
  const sms = opts.sms ?? outboxSmsProvider(db);

  await app.register(async (scope) => {
    scope.addHook('onRequest', staffGuard(db));
    promptRoutes(scope, db);
    sendTicketsRoutes(scope, db, sms);
  });
}
