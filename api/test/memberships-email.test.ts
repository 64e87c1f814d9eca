import { expect, it } from 'vitest';
import { DevEmailResponse, EnrolOrderResponse, EnrolSeasonResponse, MembershipOrderResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { newCustomer, signIn } from './customer-helpers.ts';
import { customerInfo, newKey, newUuid, pay } from './orders-helpers.ts';
import { commitMembershipOrder } from '../src/domains/memberships/service.ts';
import { sendEnrolmentConfirmation } from '../src/domains/enrolment/confirmationEmail.ts';
import { loadOrdersSettings } from '../src/domains/orders/config.ts';

let seq = 0;
const newMobile = () => `058${String((process.pid * 13 + Date.now() + seq++ * 7919) % 10_000_000).padStart(7, '0')}`;
const address = (tag: string) => `${newUuid(tag).toLowerCase()}@example.com`;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

forEachEngine('memberships and enrolment: the confirmation by e-mail', (get) => {
  const outbox = async (to: string) => DevEmailResponse.parse((await get().app.inject({ url: `/api/dev/email-outbox?to=${encodeURIComponent(to)}` })).json()).messages;
  const body = (to: string, mobile: string, over: Record<string, unknown> = {}) => ({
    membershipId: 1, lines: [{ membershipPriceId: 11, quantity: 1 }], termsAccepted: true, seats: [],
    customerInfo: customerInfo({ firstName: 'Ruth', lastName: 'Member', email: to, emailVerify: to, mobileNumber: mobile, mobileNumberVerify: mobile }),
    ...over,
  });
  const order = (uuid: string, key: string, b: Record<string, unknown>, lang: string) => get().app.inject({
    method: 'POST', url: '/api/membership/order', headers: { uuid, 'idempotency-key': key, 'accept-language': lang }, payload: b,
  });

  it('a membership purchase sends one confirmation (he and en): order, member numbers and holder, validity, what it gives, card, how to use it; none on replay', async () => {
    const expected = {
      en: ['Your membership: Cinema Club (order ', 'Order number: ', 'Membership: Cinema Club', 'Ruth Member', 'valid from ', '10 member tickets',
        'What it gives: 10 member tickets for a year, each free of charge (plus the service charge), on regular seats (not premium)',
        'Cinema Club · Single × 1: ₪120.00', 'Paid by card ending 0000: ₪120.00', 'Sign in on the site with your mobile number (ending ', 'or your member number',
        '“Use a member ticket”', 'customer area: http://localhost:8080/customer'],
      he: ['המנוי שלך: מועדון הקולנוע (הזמנה ', 'מספר הזמנה: ', 'מנוי: מועדון הקולנוע', 'Ruth Member', 'בתוקף מ-', '10 כרטיסי מנוי',
        'מה המנוי נותן: 10 כרטיסי מנוי לשנה, כל כרטיס ללא תשלום (בתוספת דמי טיפול), במושבים רגילים (לא פרימיום)',
        'מועדון הקולנוע · יחיד × 1: ₪120.00', 'שולם בכרטיס אשראי המסתיים ב-0000: ₪120.00', 'מתחברים באתר עם הטלפון הנייד (המסתיים ב-', 'או עם מספר החבר',
        '„שימוש בכרטיס מנוי”', 'באזור האישי: http://localhost:8080/customer'],
    } as const;
    for (const lang of ['en', 'he'] as const) {
      const to = address(`m${lang}`);
      const mobile = newMobile();
      const uuid = newUuid('me');
      const { sessionId } = await pay(get().app, uuid, 120);
      const key = newKey();
      const b = body(to, mobile, { paymentIdentifier: sessionId });
      // two concurrent commits of one key: one order, one e-mail
      const [a, c] = await Promise.all([order(uuid, key, b, lang), order(uuid, key, b, lang)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(c.statusCode, c.body).toBe(200);
      const r = MembershipOrderResponse.parse(a.json());
      const mails = await outbox(to);
      expect(mails, lang).toHaveLength(1);
      const m = mails[0]!;
      expect(m.subject).toContain(r.orderIdentifier);
      const member = r.members[0]!;
      for (const s of [...expected[lang], r.orderIdentifier, member.memberNumber, dmy(member.startDate), dmy(member.endDate), mobile.slice(-3)]) {
        expect(`${m.subject}\n${m.text}`, `${lang}: ${s}`).toContain(s);
      }
      expect(m.html).toContain(`<html lang="${lang}" dir="${lang === 'he' ? 'rtl' : 'ltr'}">`);
      expect(m.html).toContain(`<li>${lang === 'en' ? 'Member number' : 'מספר חבר'} ${member.memberNumber} (Ruth Member)`);
      expect(m.html).toContain('<a href="http://localhost:8080/customer">');
      expect(m.text).not.toContain(mobile); // the mobile number by its last digits only
      // a replay later (the browser retried) sends nothing more
      const again = await order(uuid, key, b, lang);
      expect(MembershipOrderResponse.parse(again.json()).replayed).toBe(true);
      expect(await outbox(to)).toHaveLength(1);
    }
  });

  it('a couple membership: each member number with its holder', async () => {
    const to = address('couple');
    const uuid = newUuid('mc');
    const { sessionId } = await pay(get().app, uuid, 400);
    const r = await order(uuid, newKey(), body(to, newMobile(), { lines: [{ membershipPriceId: 12, quantity: 2 }], paymentIdentifier: sessionId }), 'en');
    expect(r.statusCode, r.body).toBe(200);
    const done = MembershipOrderResponse.parse(r.json());
    expect(done.members).toHaveLength(2);
    const [m] = await outbox(to);
    for (const x of done.members) expect(m!.text).toContain(`Member number ${x.memberNumber} (Ruth Member): valid from ${dmy(x.startDate)} until ${dmy(x.endDate)}, 10 member tickets`);
    expect(m!.text).toContain('Cinema Club · Couple × 2: ₪400.00');
  });

  it('a failing mail provider never fails the purchase', async () => {
    const uuid = newUuid('mf');
    const { sessionId } = await pay(get().app, uuid, 120);
    let tried = 0;
    const failing = { async send() { tried++; throw new Error('smtp down'); } };
    const r = await commitMembershipOrder(get().db, {
      body: body(address('fail'), newMobile(), { paymentIdentifier: sessionId }) as never, uuid, idempotencyKey: newKey(),
      form: loadOrdersSettings().config.forms.memberships, lang: 'en', email: failing,
    });
    expect(r.replayed).toBe(false);
    expect(r.members).toHaveLength(1);
    expect(tried).toBe(1);
  });

  it('a season enrolment sends one confirmation (he and en): enrolment number, season, each event with its seats, card, where the seats are; none on replay', async () => {
    const ctx = get();
    const SEC = 3111;
    const headersOf = (lang: string) => ({ 'accept-language': lang });
    const season = EnrolSeasonResponse.parse((await ctx.app.inject({ url: '/api/enroll/1', headers: headersOf('en') })).json()).season;
    const required = season.Presentations.filter((p) => p.IsRequired);
    const pids = season.Presentations.map((p) => p.PresentationId);
    // a free row for each language (the seeded sales fill the season's events at random)
    await ctx.db.query('DELETE FROM presentation_seats WHERE presentation_id = ANY($1::int[]) AND section_id = $2 AND y IN (11, 12)', [pids, SEC]);
    for (const [lang, y] of [['en', 11], ['he', 12]] as const) {
      const mobile = await newCustomer(ctx.db, 'Yael');
      const to = address(`e${lang}`);
      await ctx.db.query('UPDATE customers SET email = $2 WHERE mobile_number = $1', [mobile, to]);
      const who = await signIn(ctx.app, mobile);
      const uuid = newUuid('en');
      for (const x of [1, 2]) {
        const l = await ctx.app.inject({ method: 'PUT', url: '/api/enroll/1/lock-seat', headers: { uuid },
          payload: { seat: { PresentationId: pids[0]!, VenueId: 31, VenueSeatplanId: 311, VenueSectionId: SEC, XCoordinate: x, YCoordinate: y } } });
        expect(l.statusCode, l.body).toBe(200);
      }
      const chosen = required.map((p) => p.PresentationId);
      const seats = chosen.flatMap((pid) => [1, 2].map((x) => ({ presentationId: pid, sectionId: SEC, x, y })));
      const b = { tariffs: [{ ticketId: 3111, quantity: 2 }], presentationIds: chosen, seats };
      const quote = await ctx.app.inject({ method: 'POST', url: '/api/enroll/1/quote', payload: b });
      const total = (quote.json() as { total: number }).total;
      const { sessionId } = await pay(ctx.app, uuid, total);
      const headers = { uuid, 'idempotency-key': newKey(), cookie: who.cookie, 'x-customer-csrf': who.csrf, ...headersOf(lang) };
      const res = await ctx.app.inject({ method: 'POST', url: '/api/enroll/1/order', headers, payload: { ...b, paymentIdentifier: sessionId } });
      expect(res.statusCode, res.body).toBe(200);
      const done = EnrolOrderResponse.parse(res.json());
      const mails = await outbox(to);
      expect(mails, lang).toHaveLength(1);
      const m = mails[0]!;
      const row = done.seats[0]!.rowName;
      const title = (pid: number) => season.Presentations.find((p) => p.PresentationId === pid)!.Title;
      const facts = lang === 'en'
        ? [`You are enrolled: Theatre season (enrolment ${done.enrolmentIdentifier})`, `Enrolment number: ${done.enrolmentIdentifier}`, 'Season: Theatre season · Jerusalem Cinema · Hall 1',
          `${title(chosen[0]!)} · `, `row ${row}, seat 1; row ${row}, seat 2`, 'Theatre season · Regular: 2 seats in each event, ',
          `Paid by card ending 0000: ₪${total.toFixed(2)}`, '“My season seats”', 'http://localhost:8080/membership/enrolments']
        : [`מנוי העונה שלך: עונת התיאטרון (הרשמה ${done.enrolmentIdentifier})`, `מספר הרשמה: ${done.enrolmentIdentifier}`, 'מנוי עונה: עונת התיאטרון · קולנוע ירושלים · אולם 1',
          `שורה ${row}, כיסא 1; שורה ${row}, כיסא 2`, 'עונת התיאטרון · רגיל: 2 מקומות בכל הצגה, ',
          `שולם בכרטיס אשראי המסתיים ב-0000: ₪${total.toFixed(2)}`, '„המקומות שלי בעונה”', 'http://localhost:8080/membership/enrolments'];
      for (const s of facts) expect(`${m.subject}\n${m.text}`, `${lang}: ${s}`).toContain(s);
      // every chosen event is listed
      expect(m.text.split('\n').filter((l) => l.includes(` · row ${row}, seat 1`) || l.includes(` · שורה ${row}, כיסא 1`))).toHaveLength(chosen.length);
      expect(m.html).toContain(`<html lang="${lang}"`);
      const again = await ctx.app.inject({ method: 'POST', url: '/api/enroll/1/order', headers, payload: { ...b, paymentIdentifier: sessionId } });
      expect(EnrolOrderResponse.parse(again.json()).replayed).toBe(true);
      expect(await outbox(to)).toHaveLength(1);
      // and a failing provider is only a missing mail
      const { rows: [me] } = await ctx.db.query<{ id: number }>('SELECT id FROM customers WHERE mobile_number = $1', [mobile]);
      let tried = 0;
      await expect(sendEnrolmentConfirmation(ctx.db, { async send() { tried++; throw new Error('smtp down'); } }, done, me!.id, 'en')).resolves.toBeUndefined();
      expect(tried).toBe(1);
    }
  });
});
