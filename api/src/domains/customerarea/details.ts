import type { FastifyInstance } from 'fastify';
import { CustomerInfoResponse, DetailsUpdateBody } from '@ticketing/shared/contracts';
import type { Db } from '../../db/index.ts';
import { ApiHttpError, route } from '../../lib/route.ts';
import { customerInfo, requireCustomer } from '../customers/service.ts';

/** Mobile-number update from the customer area (spec 6: allowed by default). CUSTOMER_MOBILE_UPDATE = on | off */
export const mobileUpdateAllowed = (env: NodeJS.ProcessEnv = process.env) => env.CUSTOMER_MOBILE_UPDATE !== 'off';

/** Details and contact details: the signed-in customer edits their own row only (form rules of spec 5 in the schema). */
export function detailsRoutes(app: FastifyInstance, db: Db): void {
  route(app, {
    method: 'POST', url: '/customer-area/details', summary: 'Customer area: updates the signed-in customer\'s details and contact details', tags: ['customers'],
    body: DetailsUpdateBody, response: CustomerInfoResponse,
    errors: { 401: 'UNAUTHORIZED', 403: 'CSRF', 409: 'MOBILE_IN_USE' },
    async handler({ req, body, lang }) {
      const customerId = await requireCustomer(db, req, { csrf: true });
      await db.tx(async (q) => {
        const cur = await q.query<{ mobile_number: string }>('SELECT mobile_number FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
        if (cur.rows[0]!.mobile_number !== body.mobileNumber) {
          if (!mobileUpdateAllowed()) throw new ApiHttpError(403, 'MOBILE_UPDATE_DISABLED');
          const taken = await q.query('SELECT 1 FROM customers WHERE mobile_number = $1 AND id <> $2', [body.mobileNumber, customerId]);
          if (taken.rows.length) throw new ApiHttpError(409, 'MOBILE_IN_USE');
        }
        await q.query(`UPDATE customers SET first_name = $2, last_name = $3, email = $4, mobile_number = $5, city = $6, address1 = $7,
            postal_code = $8, is_mailing_allowed = $9 WHERE id = $1`,
        [customerId, body.firstName, body.lastName, body.email, body.mobileNumber, body.city ?? null, body.address1 ?? null,
          body.postalCode || null, body.isMailingAllowed]);
      });
      return { customerInfo: await customerInfo(db, customerId, lang) };
    },
  });
}
