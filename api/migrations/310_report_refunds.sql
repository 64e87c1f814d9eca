-- A customer's cancellation refunds part of an order: the tickets' price less the cancellation fee, to where the
-- order was paid from (card, gift vouchers); service charges, the booking fee and products are kept. The reports
-- counted reservations.total_agorot only while committed, so a partial cancellation left revenue unchanged and a
-- full one dropped the whole order (fees and unrefunded products too). From here on:
--   revenue (points of sale)  = total − refunded, while committed, and after a customer's full cancellation too;
--   reservations and tickets  = live (committed orders, sold tickets), as before;
--   products                  = counted while the order counts for money (never refunded by a cancellation);
--   screening revenue (dashboard, top ten films) = sold tickets' prices + the fees withheld on cancelled ones.
-- The seed's bulk load (api/src/seed/sales.ts) computes the same for its rows: none has a refund or a fee.

-- What the order's customer cancellations refunded, and whether a cancelled order keeps its unrefunded part.
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS refunded_agorot int NOT NULL DEFAULT 0;
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS keeps_unrefunded boolean NOT NULL DEFAULT false;
-- The cancellation fee withheld on a cancelled ticket (its share of the cancellation's fee).
ALTER TABLE reservation_tickets ADD COLUMN IF NOT EXISTS cancel_fee_agorot int NOT NULL DEFAULT 0;

-- Where each cancellation's refund went (refund_agorot = card_agorot + voucher_agorot) and what else came back.
ALTER TABLE customer_cancellations
  ADD COLUMN card_agorot     int NOT NULL DEFAULT 0,   -- to the card (or account credit when to_credit)
  ADD COLUMN voucher_agorot  int NOT NULL DEFAULT 0,   -- back to gift vouchers (system_voucher_events 'refunded')
  ADD COLUMN member_tickets  int NOT NULL DEFAULT 0,
  ADD COLUMN loyalty_points  int NOT NULL DEFAULT 0,
  ADD COLUMN voucher_tickets int NOT NULL DEFAULT 0,
  ADD COLUMN coupon_uses     int NOT NULL DEFAULT 0;
-- Earlier rows promised everything to the card.
UPDATE customer_cancellations SET card_agorot = refund_agorot;

-- A gift voucher's history shows an amount (or free tickets) given back by a cancellation.
ALTER TABLE system_voucher_events DROP CONSTRAINT IF EXISTS system_voucher_events_kind_check;
ALTER TABLE system_voucher_events ADD CONSTRAINT system_voucher_events_kind_check CHECK (kind IN ('cancelled', 'replacement', 'refunded'));
ALTER TABLE system_voucher_events
  ADD COLUMN amount         int NOT NULL DEFAULT 0,
  ADD COLUMN tickets        int NOT NULL DEFAULT 0,
  ADD COLUMN reservation_id int REFERENCES reservations(id) ON DELETE SET NULL;
CREATE INDEX system_voucher_events_reservation ON system_voucher_events(reservation_id) WHERE reservation_id IS NOT NULL;

-- ---------- points of sale and products ----------
-- Signed contribution of reservation row versions that count for money. p_money: total − refunded; p_live: the
-- version is committed (only then do the order and its sold tickets count).
CREATE FUNCTION report_apply_orders(p_id int[], p_pos int[], p_biz int[], p_loc int[], p_created timestamptz[], p_money int[], p_live boolean[], p_sign int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_id IS NULL OR cardinality(p_id) = 0 THEN RETURN; END IF;

  INSERT INTO pos_daily_sales AS s (pos_id, business_id, sale_date, reservations, tickets, revenue_agorot)
  SELECT d.pos, d.biz, (d.ca AT TIME ZONE 'Asia/Jerusalem')::date,
         sum(CASE WHEN d.live THEN d.sg ELSE 0 END), sum(CASE WHEN d.live THEN d.sg * t.n ELSE 0 END), sum(d.sg::bigint * d.money)
  FROM unnest(p_id, p_pos, p_biz, p_created, p_money, p_live, p_sign) AS d(id, pos, biz, ca, money, live, sg)
  CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM reservation_tickets rt WHERE rt.reservation_id = d.id AND rt.status = 'sold') t
  GROUP BY 1, 2, 3
  ON CONFLICT (pos_id, sale_date, business_id) DO UPDATE SET
    reservations = s.reservations + EXCLUDED.reservations, tickets = s.tickets + EXCLUDED.tickets,
    revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;

  INSERT INTO product_daily_sales AS s (product_id, business_id, location_id, sale_date, quantity, revenue_agorot)
  SELECT rp.product_id, d.biz, d.loc, (d.ca AT TIME ZONE 'Asia/Jerusalem')::date,
         sum(d.sg * rp.quantity), sum(d.sg::bigint * rp.quantity * rp.price_agorot)
  FROM unnest(p_id, p_biz, p_loc, p_created, p_sign) AS d(id, biz, loc, ca, sg)
  JOIN reservation_products rp ON rp.reservation_id = d.id
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (product_id, sale_date, business_id, location_id) DO UPDATE SET
    quantity = s.quantity + EXCLUDED.quantity, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
END $$;

CREATE OR REPLACE FUNCTION report_reservations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_orders(ARRAY[NEW.id], ARRAY[NEW.pos_id], ARRAY[NEW.business_id], ARRAY[NEW.location_id],
                              ARRAY[NEW.created_at], ARRAY[NEW.total_agorot - NEW.refunded_agorot], ARRAY[true], ARRAY[1]);
  RETURN NULL;
END $$;

-- A version counts while committed, or cancelled by its customer (what was not refunded stays the business's).
-- Only versions whose report keys or figures changed: the old one out, the new one in.
CREATE OR REPLACE FUNCTION report_reservations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_orders(array_agg(id), array_agg(pos_id), array_agg(business_id), array_agg(location_id),
                              array_agg(created_at), array_agg(money), array_agg(live), array_agg(sg))
  FROM (
    SELECT o.id, o.pos_id, o.business_id, o.location_id, o.created_at, o.total_agorot - o.refunded_agorot AS money,
           o.status = 'committed' AS live, -1 AS sg FROM old_rows o
    WHERE (o.status = 'committed' OR (o.status = 'cancelled' AND o.keeps_unrefunded))
      AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.status = o.status AND n.keeps_unrefunded = o.keeps_unrefunded
        AND n.pos_id = o.pos_id AND n.business_id = o.business_id AND n.location_id = o.location_id
        AND n.created_at = o.created_at AND n.total_agorot = o.total_agorot AND n.refunded_agorot = o.refunded_agorot)
    UNION ALL
    SELECT n.id, n.pos_id, n.business_id, n.location_id, n.created_at, n.total_agorot - n.refunded_agorot,
           n.status = 'committed', 1 FROM new_rows n
    WHERE (n.status = 'committed' OR (n.status = 'cancelled' AND n.keeps_unrefunded))
      AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.status = n.status AND o.keeps_unrefunded = n.keeps_unrefunded
        AND o.pos_id = n.pos_id AND o.business_id = n.business_id AND o.location_id = n.location_id
        AND o.created_at = n.created_at AND o.total_agorot = n.total_agorot AND o.refunded_agorot = n.refunded_agorot)) d;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION report_reservations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'committed' OR (OLD.status = 'cancelled' AND OLD.keeps_unrefunded) THEN
    PERFORM report_apply_orders(ARRAY[OLD.id], ARRAY[OLD.pos_id], ARRAY[OLD.business_id], ARRAY[OLD.location_id],
                                ARRAY[OLD.created_at], ARRAY[OLD.total_agorot - OLD.refunded_agorot], ARRAY[OLD.status = 'committed'], ARRAY[-1]);
  END IF;
  RETURN OLD;
END $$;

-- Product lines count while their order counts for money (same rule as above).
CREATE OR REPLACE FUNCTION report_apply_products(p_res int[], p_product int[], p_qty int[], p_price int[], p_sign int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_res IS NULL OR cardinality(p_res) = 0 THEN RETURN; END IF;
  PERFORM report_lock_reservations(p_res);
  INSERT INTO product_daily_sales AS s (product_id, business_id, location_id, sale_date, quantity, revenue_agorot)
  SELECT d.pid, r.business_id, r.location_id, (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date,
         sum(d.sg * d.qty), sum(d.sg::bigint * d.qty * d.price)
  FROM unnest(p_res, p_product, p_qty, p_price, p_sign) AS d(rid, pid, qty, price, sg)
  JOIN reservations r ON r.id = d.rid AND (r.status = 'committed' OR (r.status = 'cancelled' AND r.keeps_unrefunded))
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (product_id, sale_date, business_id, location_id) DO UPDATE SET
    quantity = s.quantity + EXCLUDED.quantity, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
END $$;

DROP FUNCTION report_apply_reservations(int[], int[], int[], int[], timestamptz[], int[], int[]);

-- ---------- screenings (live dashboard, top ten films) ----------
-- Revenue: a sold ticket's price, and a cancelled ticket's withheld fee (callers pass it as the price of a
-- cancelled row). Otherwise as in migration 100.
CREATE OR REPLACE FUNCTION sales_apply_delta(p_ids int[], p_created timestamptz[], p_status text[], p_price int[], p_sign int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;

  INSERT INTO presentation_sales AS s (presentation_id, sold, held, revenue_agorot)
  SELECT pid,
         sum(CASE WHEN st = 'sold' THEN sg ELSE 0 END),
         sum(CASE WHEN st = 'held' THEN sg ELSE 0 END),
         sum(CASE WHEN st IN ('sold', 'cancelled') THEN sg * pr ELSE 0 END)
  FROM unnest(p_ids, p_status, p_price, p_sign) AS d(pid, st, pr, sg) GROUP BY pid
  ON CONFLICT (presentation_id) DO UPDATE SET
    sold = s.sold + EXCLUDED.sold, held = s.held + EXCLUDED.held, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;

  INSERT INTO presentation_daily_sales AS s (presentation_id, sale_date, sold, held, revenue_agorot)
  SELECT pid, (ca AT TIME ZONE 'Asia/Jerusalem')::date,
         sum(CASE WHEN st = 'sold' THEN sg ELSE 0 END),
         sum(CASE WHEN st = 'held' THEN sg ELSE 0 END),
         sum(CASE WHEN st IN ('sold', 'cancelled') THEN sg * pr ELSE 0 END)
  FROM unnest(p_ids, p_created, p_status, p_price, p_sign) AS d(pid, ca, st, pr, sg) GROUP BY 1, 2
  ON CONFLICT (presentation_id, sale_date) DO UPDATE SET
    sold = s.sold + EXCLUDED.sold, held = s.held + EXCLUDED.held, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;

  -- Live dashboards (GET /api/PRES-live/events) LISTEN on this channel, in every api process.
  PERFORM pg_notify('sales_changes', json_build_object(
    'presentationIds', (SELECT COALESCE(json_agg(pid), '[]') FROM
                          (SELECT DISTINCT pid FROM unnest(p_ids) AS u(pid) ORDER BY 1 LIMIT 200) d),
    'businessIds', (SELECT COALESCE(json_agg(DISTINCT l.business_id), '[]') FROM
                      (SELECT DISTINCT pid FROM unnest(p_ids) AS u(pid)) d
                      JOIN presentations p ON p.id = d.pid JOIN venues v ON v.id = p.venue_id
                      JOIN locations l ON l.id = v.location_id),
    'tickets', (SELECT count(*) FROM unnest(p_sign) AS u(sg) WHERE sg > 0))::text);
END $$;

CREATE OR REPLACE FUNCTION sales_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_apply_delta(array_agg(presentation_id), array_agg(created_at), array_agg(status),
                            array_agg(CASE WHEN status = 'cancelled' THEN cancel_fee_agorot ELSE price_agorot END), array_agg(1))
  FROM new_rows;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sales_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_apply_delta(array_agg(presentation_id), array_agg(created_at), array_agg(status), array_agg(amount), array_agg(sg))
  FROM (SELECT presentation_id, created_at, status, CASE WHEN status = 'cancelled' THEN cancel_fee_agorot ELSE price_agorot END AS amount, 1 AS sg FROM new_rows
        UNION ALL
        SELECT presentation_id, created_at, status, CASE WHEN status = 'cancelled' THEN cancel_fee_agorot ELSE price_agorot END, -1 FROM old_rows) d;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION sales_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_apply_delta(array_agg(presentation_id), array_agg(created_at), array_agg(status),
                            array_agg(CASE WHEN status = 'cancelled' THEN cancel_fee_agorot ELSE price_agorot END), array_agg(-1))
  FROM old_rows;
  RETURN NULL;
END $$;

-- ---------- earlier cancellations (a database that already has some) ----------
-- Through the triggers above, so the summaries take them in: each cancelled ticket's share of its fee
-- (largest share to the first ticket), then each order's refunds.
WITH t AS (
  SELECT cc.id AS cid, rt.id AS tid, cc.fee_agorot AS fee, cc.tickets_agorot AS total, rt.price_agorot + rt.addons_agorot AS w,
         row_number() OVER (PARTITION BY cc.id ORDER BY rt.id) AS k
  FROM customer_cancellations cc JOIN reservation_tickets rt ON rt.id = ANY(cc.ticket_ids) AND rt.reservation_id = cc.reservation_id
  WHERE rt.status = 'cancelled'),
s AS (SELECT cid, tid, k, fee, CASE WHEN total > 0 THEN fee * w / total ELSE 0 END AS share FROM t),
f AS (SELECT tid, share + CASE WHEN k = 1 THEN fee - sum(share) OVER (PARTITION BY cid) ELSE 0 END AS fee FROM s)
UPDATE reservation_tickets rt SET cancel_fee_agorot = f.fee FROM f WHERE rt.id = f.tid AND f.fee > 0;

UPDATE reservations r SET refunded_agorot = c.refund, keeps_unrefunded = true
FROM (SELECT reservation_id, sum(refund_agorot)::int AS refund FROM customer_cancellations GROUP BY reservation_id) c
WHERE r.id = c.reservation_id;
