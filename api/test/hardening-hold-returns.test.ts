/**
 * Issue 13 point 6: an unpaid hold order released 30 minutes before its event (clock controlled by the
 * test) gives back everything it took: the coupon's uses, the member's tickets, loyalty points, a gift
 * voucher's amount and free tickets, and its place in the ticket quota.
 */
import { expect, it } from 'vitest';
import { CommitResponse } from '@ticketing/shared/contracts';
import { forEachEngine } from './harness.ts';
import { commit, customerInfo, lock, login, newKey, newUuid, presentationWithSeats, seat, CUSTOMERS, V33 } from './orders-helpers.ts';
import { releaseDueHoldOrders } from '../src/domains/orders/holdRelease.ts';

forEachEngine('hardening: a released hold order gives back what it took', (get) => {
  it('coupon uses, member tickets, loyalty points, voucher balance and quota are returned at T−30 minutes', async () => {
    const { app, db } = get();
    const { p, seats } = await presentationWithSeats(get(), V33.venue, 20, V33.reserved, 3);
    const uuid = newUuid('giveback');
    for (const s of seats) await lock(app, p, uuid, V33.reserved, s.x, s.y);
    const coupon = `BACK${process.pid}${get().engine === 'postgres' ? 'P' : 'L'}`;
    await db.query(`INSERT INTO coupons (code, ticket_code, multiply_factor, balance, used) VALUES ($1, 'code', 1, 2, 0)`, [coupon]);
    const dana = await login(app, CUSTOMERS.dana);

    const state = async () => {
      const one = async <T>(sql: string, params: unknown[]) => (await db.query<{ v: T }>(sql, params)).rows[0]!.v;
      return {
        couponUsed: await one<number>('SELECT used AS v FROM coupons WHERE code = $1', [coupon]),
        memberUsed: await one<number>(`SELECT used_balance AS v FROM customer_members WHERE member_number = 'M1001'`, []),
        points: await one<number>('SELECT loyalty_points AS v FROM customers WHERE mobile_number = $1', [CUSTOMERS.dana]),
        voucher: await one<string>(`SELECT balance || '/' || ticket_balance AS v FROM system_voucher_items WHERE reference = 'GIFT-100-DEMO'`, []),
        memberTickets: await one<number>(`SELECT count(*)::int AS v FROM reservation_tickets WHERE presentation_id = $1 AND ticket_id = $2
          AND status IN ('sold', 'held') AND NOT is_sub_ticket`, [p.id, V33.member]),
      };
    };
    const { rows: [pr] } = await db.query<{ starts_at: Date }>('SELECT starts_at FROM presentations WHERE id = $1', [p.id]);
    const startsAt = new Date(pr!.starts_at).getTime();
    // orders of earlier events fall due at the same moment: release those first, so the counts below move for ours only
    await releaseDueHoldOrders(db, new Date(startsAt - 29 * 60_000));
    const before = await state();

    const r = await commit(app, uuid, newKey(), {
      isHold: true, customerInfo: customerInfo(),
      seats: [
        seat(p, V33.reserved, seats[0]!.x, seats[0]!.y, V33.code, { code: coupon }),
        seat(p, V33.reserved, seats[1]!.x, seats[1]!.y, V33.member, { memberNumber: 'M1001' }),
        seat(p, V33.reserved, seats[2]!.x, seats[2]!.y, V33.loyalty),
      ],
    }, { cookie: dana });
    expect(r.statusCode, r.body).toBe(200);
    const res = CommitResponse.parse(r.json());
    // A voucher taken by the order (the booking path refuses vouchers on holds today; any path that lets one
    // through must get it back too): 10 shekels.
    const { rows: [ids] } = await db.query<{ res: number; item: number }>(`SELECT (SELECT id FROM reservations WHERE identifier = $1) AS res,
      (SELECT id FROM system_voucher_items WHERE reference = 'GIFT-100-DEMO') AS item`, [res.reservationIdentifier]);
    await db.query('UPDATE system_voucher_items SET balance = balance - 1000 WHERE id = $1', [ids!.item]);
    await db.query('INSERT INTO voucher_redemptions (item_id, reservation_id, amount, tickets) VALUES ($1, $2, 1000, 0)', [ids!.item, ids!.res]);

    const taken = await state();
    expect(taken.couponUsed).toBe(before.couponUsed + 1);
    expect(taken.memberUsed).toBe(before.memberUsed + 1);
    expect(taken.points).toBe(before.points - 150);
    expect(taken.voucher).not.toBe(before.voucher);
    expect(taken.memberTickets).toBe(before.memberTickets + 1);

    expect(await releaseDueHoldOrders(db, new Date(startsAt - 31 * 60_000))).not.toContain(res.reservationIdentifier);
    expect(await state()).toEqual(taken);
    expect(await releaseDueHoldOrders(db, new Date(startsAt - 29 * 60_000))).toContain(res.reservationIdentifier);
    expect(await state()).toEqual(before);
    // released once: running again gives nothing back twice
    await releaseDueHoldOrders(db, new Date(startsAt - 20 * 60_000));
    expect(await state()).toEqual(before);
  });
});
