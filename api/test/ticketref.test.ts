import { expect, it } from 'vitest';
import { PromptAdminResponse, PromptDetailResponse, PromptTicketSalesResponse, StaffUser } from '@ticketing/shared/contracts';
import { RESEND_REPEAT_SECONDS } from '../src/domains/ticketref/routes/sendTickets.ts';
import { STAFF_USERS } from '../src/seed/sales.ts';
import { forEachEngine } from './harness.ts';

/**
 * Ticket reference admin, the QA pass of the fifteenth session: a quantity below the redeemed tickets is refused,
 * "Per order" lists each order once, an identical resend within 30 s is refused, past screenings are flagged,
 * and a prompt for one presentation names it.
 */
const [TLV] = STAFF_USERS;
interface Session { cookie: string; csrf: string; user: StaffUser }

forEachEngine('ticket reference admin (QA: quantities, per order, resend)', (get) => {
  let tlv: Session;
  const call = (url: string, init: { method?: 'GET' | 'POST'; payload?: unknown } = {}) =>
    get().app.inject({
      method: init.method ?? 'GET', url, payload: init.payload as Record<string, unknown> | undefined,
      headers: { 'accept-language': 'en', cookie: tlv.cookie, ...(init.method === 'POST' ? { 'x-csrf-token': tlv.csrf } : {}) },
    });
  const q = async <T>(sql: string, params: unknown[] = []) => (await get().db.query<T>(sql, params)).rows;
  const promptsOf9001 = async () =>
    PromptAdminResponse.parse((await call(`/api/pres-live/monitors/TicketReferencePromptAdmin/data?customerId=9001&userId=${tlv.user.userId}`)).json()).rows;
  const paramsOf = (p: { TicketId: number; PricePolicyId: number; FeatureId: number | null; FeatureCategoryId: number | null }) =>
    `ticketId=${p.TicketId}&pricePolicyId=${p.PricePolicyId}&featureId=${p.FeatureId ?? ''}&presentationId=&featureCategoryId=${p.FeatureCategoryId ?? ''}`;

  it('signs in', async () => {
    const r = await get().app.inject({ method: 'POST', url: '/api/staff/login', payload: { username: TLV.username, password: TLV.password }, remoteAddress: '10.15.0.1' });
    expect(r.statusCode).toBe(200);
    const pairs = ([] as string[]).concat(r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
    tlv = { cookie: pairs.join('; '), csrf: pairs.find((p) => p.startsWith('csrf='))!.slice(5), user: StaffUser.parse(r.json()) };
  });

  // QA 1 (high): E10106 had 2 redeemed; quantity 1 was saved ("Remaining 0", the prompt "Allotted 34, Redeemed 24"), 0 too.
  it('refuses a quantity below the tickets already redeemed with the reference (409, details.redeemed), accepts exactly that many', async () => {
    const prompt = (await promptsOf9001())[0]!;
    const detail = PromptDetailResponse.parse((await call(`/api/pres-live/monitors/TicketReferencePromptAdminDetail/data?isDetail=true&${paramsOf(prompt)}`)).json());
    const item = detail.items.find((i) => i.Redeemed >= 2)!;
    expect(item).toBeDefined();
    const url = `/api/pres-live/editReferencePromptOptionQuantity/1/${item.PriceType}/${item.PriceId}/${item.PriceRowId}`;
    const stored = async () => (await q<{ quantity: number }>('SELECT quantity FROM ticket_ref_options WHERE price_type = $1 AND price_id = $2 AND price_row_id = $3',
      [item.PriceType, item.PriceId, item.PriceRowId]))[0]!.quantity;
    const before = await stored();

    for (const quantity of [item.Redeemed - 1, 0]) {
      const r = await call(url, { method: 'POST', payload: { reference: item.Reference1, reference2: item.Reference2, quantity } });
      expect(r.statusCode, `quantity ${quantity}`).toBe(409);
      expect(r.json()).toMatchObject({ error: 'refPromptOptBelowRedeemed', details: { redeemed: item.Redeemed, quantity } });
      expect(await stored()).toBe(before);
    }
    const after = (await promptsOf9001())[0]!;
    expect(after.Allotted).toBe(prompt.Allotted);
    expect(after.Allotted).toBeGreaterThanOrEqual(after.Redeemed);

    const exact = await call(url, { method: 'POST', payload: { reference: item.Reference1, reference2: item.Reference2, quantity: item.Redeemed } });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ success: true, item: { Quantity: item.Redeemed, Redeemed: item.Redeemed, Remaining: 0 } });
    expect(await stored()).toBe(item.Redeemed);
    const back = await call(url, { method: 'POST', payload: { reference: item.Reference1, reference2: item.Reference2, quantity: before } });
    expect(back.statusCode).toBe(200);
  });

  // QA 4: "Per order" listed S1000756 twice: the rows were grouped by reference and film as well as by order.
  it('per order lists each order once, with all its redeemed tickets and references', async () => {
    for (const prompt of await promptsOf9001()) {
      const [mixed] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM (
        SELECT rt.reservation_id FROM reservation_tickets rt WHERE rt.ticket_id = $1 AND rt.status = 'sold'
          AND rt.ref1 IN (SELECT reference1 FROM ticket_ref_options WHERE prompt_id = $2)
        GROUP BY rt.reservation_id HAVING count(DISTINCT rt.ref1) > 1) x`, [prompt.TicketId, prompt.PromptId]);
      const hist = PromptTicketSalesResponse.parse((await call(
        `/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?${paramsOf(prompt)}&detailLevel=1&startDate=2000-01-01&endDate=2099-12-31&dateType=2`)).json());
      const ids = hist.rows.map((r) => r.ReservationIdentifier);
      expect(new Set(ids).size, `prompt ${prompt.PromptId}`).toBe(ids.length);
      const plain = await q<{ identifier: string; n: number; refs: string }>(`
        SELECT r.identifier, count(*)::int AS n, string_agg(DISTINCT rt.ref1, ', ' ORDER BY rt.ref1) AS refs
        FROM reservation_tickets rt JOIN reservations r ON r.id = rt.reservation_id
        WHERE rt.ticket_id = $1 AND rt.status = 'sold' AND rt.ref1 IN (SELECT reference1 FROM ticket_ref_options WHERE prompt_id = $2)
        GROUP BY r.identifier ORDER BY r.identifier`, [prompt.TicketId, prompt.PromptId]);
      expect(hist.rows.map((r) => [r.ReservationIdentifier, r.Quantity, r.Reference1]).sort())
        .toEqual(plain.map((p) => [p.identifier, p.n, p.refs]).sort());
      expect(hist.rows.reduce((a, r) => a + r.Quantity, 0)).toBe(prompt.Redeemed);
      if (prompt.PromptId === 1) expect(mixed!.n, 'the seed has an order redeemed with two references').toBeGreaterThan(0);
    }
  });

  // QA 6: a past screening's tickets are resent without a word; the admin now notes it, from the api's clock.
  it('flags the rows whose screenings have all taken place', async () => {
    const prompt = (await promptsOf9001())[0]!;
    const hist = PromptTicketSalesResponse.parse((await call(
      `/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?${paramsOf(prompt)}&detailLevel=2&startDate=2000-01-01&endDate=2099-12-31&dateType=2`)).json());
    expect(hist.rows.some((r) => r.PresentationPast)).toBe(true);
    for (const r of hist.rows) expect(r.PresentationPast, r.ReservationIdentifier).toBe(Date.parse(r.PresentationDateTime) < Date.now());
  });

  // QA 3: both prompts' Details buttons read "Details Employee number Partner employee": the row now carries its film
  // (FeatureName) and, for a prompt of one presentation, that presentation's start.
  it('a prompt for one presentation gives its start; the others null', async () => {
    const [pres] = await q<{ id: number; starts: Date }>(`SELECT p.id, p.starts_at AS starts FROM presentations p
      JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id WHERE l.business_id = 1 ORDER BY p.id LIMIT 1`);
    await q(`INSERT INTO ticket_ref_prompts (id, customer_id, business_id, ticket_id, feature_id, price_policy_id, presentation_id, feature_category_id,
                                             prompt_he, prompt_en, prompt2_he, prompt2_en)
             SELECT 9915, 9002, 1, ticket_id, NULL, price_policy_id, $1, feature_category_id, prompt_he, prompt_en, prompt2_he, prompt2_en
             FROM ticket_ref_prompts WHERE id = 3`, [pres!.id]);
    try {
      const rows = PromptAdminResponse.parse((await call(`/api/pres-live/monitors/TicketReferencePromptAdmin/data?customerId=9002&userId=${tlv.user.userId}`)).json()).rows;
      expect(rows.find((r) => r.PromptId === 9915)).toMatchObject({ PresentationId: pres!.id, PresentationDateTime: new Date(pres!.starts).toISOString() });
      expect(rows.find((r) => r.PromptId === 3)).toMatchObject({ PresentationId: null, PresentationDateTime: null });
    } finally {
      await q('DELETE FROM ticket_ref_prompts WHERE id = 9915');
    }
  });

  // QA 5: three clicks of Send sent three identical SMS within 5 seconds.
  it(`refuses an identical resend (same order, same number) within ${RESEND_REPEAT_SECONDS} s; another number or later goes out`, async () => {
    const [res] = await q<{ identifier: string }>(`SELECT r.identifier FROM reservations r WHERE r.business_id = 1 AND r.status = 'committed'
      AND EXISTS (SELECT 1 FROM reservation_tickets rt WHERE rt.reservation_id = r.id AND rt.status = 'sold') ORDER BY r.id DESC LIMIT 1 OFFSET 11`);
    const url = `/api/pres-live/reservations/${res!.identifier}/sendTickets`;
    const sent = async (n: string) => (await q<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox WHERE to_number = $1 AND body LIKE $2', [n, `%${res!.identifier}%`]))[0]!.n;

    // three presses at once: one message
    const three = await Promise.all([1, 2, 3].map(() => call(url, { method: 'POST', payload: { mobileNumber: '0541500001' } })));
    expect(three.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const refused = three.find((r) => r.statusCode === 409)!.json();
    expect(refused).toMatchObject({ error: 'SMS_RECENTLY_SENT' });
    expect(refused.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.details.retryAfterSeconds).toBeLessThanOrEqual(RESEND_REPEAT_SECONDS);
    expect(await sent('0541500001')).toBe(1);

    // the same number written another way is the same number
    expect((await call(url, { method: 'POST', payload: { mobileNumber: '+972541500001' } })).statusCode).toBe(409);
    // another number goes out
    expect((await call(url, { method: 'POST', payload: { mobileNumber: '0541500002' } })).statusCode).toBe(200);
    // after the pause the first number can be sent again
    await q(`UPDATE sms_sends SET sent_at = sent_at - make_interval(secs => $2) WHERE key = $1`, [`resend:${res!.identifier}:0541500001`, RESEND_REPEAT_SECONDS + 1]);
    expect((await call(url, { method: 'POST', payload: { mobileNumber: '0541500001' } })).statusCode).toBe(200);
    expect(await sent('0541500001')).toBe(2);

    // a send refused by the hourly limit (5 per order) is not counted as sent: that number is not blocked for 30 s
    for (const n of ['0541500003', '0541500004']) expect((await call(url, { method: 'POST', payload: { mobileNumber: n } })).statusCode).toBe(200);
    const limited = await call(url, { method: 'POST', payload: { mobileNumber: '0541500005' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'SMS_LIMIT' });
    expect(await q('SELECT 1 FROM sms_sends WHERE key = $1', [`resend:${res!.identifier}:0541500005`])).toEqual([]);
  });
});
