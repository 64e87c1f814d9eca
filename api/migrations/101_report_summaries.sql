-- Report pre-aggregations (issue 6): the sales-by-point-of-sale and concessions reports read these
-- instead of scanning reservations / reservation_tickets / reservation_products.
-- Sale day = Asia/Jerusalem date of reservations.created_at; only 'committed' reservations count
-- (the reports' rule), tickets only when 'sold'. Kept by triggers on reservations,
-- reservation_tickets and reservation_products (signed deltas, additive upserts), so commits,
-- cancellations (reservation or ticket status changes), refunds and deletes all stay exact.
-- Transition tables only where the seed's bulk load already pays for them (reservation_tickets
-- inserts, migration 100) or never bulk-loads (updates, deletes): inserts into reservations and
-- reservation_products use row triggers, which cost nothing while triggers are off.
-- The seed fills them in bulk (api/src/seed/sales.ts) when it loads with the triggers off.

-- Per point of sale and sale day (business_id: the reservation's, as the report filters on it).
CREATE TABLE pos_daily_sales (
  pos_id         int NOT NULL,
  business_id    int NOT NULL,
  sale_date      date NOT NULL,
  reservations   int NOT NULL DEFAULT 0,
  tickets        int NOT NULL DEFAULT 0,
  revenue_agorot bigint NOT NULL DEFAULT 0,            -- sum of reservations.total_agorot
  PRIMARY KEY (pos_id, sale_date, business_id)
);

-- Per product, sale day and the reservation's location (the report filters on it).
CREATE TABLE product_daily_sales (
  product_id     int NOT NULL,
  business_id    int NOT NULL,
  location_id    int NOT NULL,
  sale_date      date NOT NULL,
  quantity       bigint NOT NULL DEFAULT 0,
  revenue_agorot bigint NOT NULL DEFAULT 0,            -- sum of quantity × unit price
  PRIMARY KEY (product_id, sale_date, business_id, location_id)
);
CREATE INDEX product_daily_sales_date ON product_daily_sales(sale_date);

-- Signed contribution of reservation row versions: the reservation itself plus its current sold
-- tickets and products (children are unchanged by the statement that changes the reservation).
CREATE FUNCTION report_apply_reservations(p_id int[], p_pos int[], p_biz int[], p_loc int[], p_created timestamptz[], p_total int[], p_sign int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_id IS NULL OR cardinality(p_id) = 0 THEN RETURN; END IF;

  INSERT INTO pos_daily_sales AS s (pos_id, business_id, sale_date, reservations, tickets, revenue_agorot)
  SELECT d.pos, d.biz, (d.ca AT TIME ZONE 'Asia/Jerusalem')::date, sum(d.sg), sum(d.sg * t.n), sum(d.sg::bigint * d.total)
  FROM unnest(p_id, p_pos, p_biz, p_created, p_total, p_sign) AS d(id, pos, biz, ca, total, sg)
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

-- Children (tickets, products) count only while their reservation is committed. A child statement
-- first takes FOR SHARE on its reservations (in id order), so a concurrent status change of the
-- reservation either waits for this transaction (and then sees its rows) or commits first (and
-- this statement then reads its new status): a child row is never counted against a stale status.
CREATE FUNCTION report_lock_reservations(p_res int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM reservations WHERE id = ANY(p_res) ORDER BY id FOR SHARE;
END $$;

-- Signed sold-ticket deltas (one element per sold ticket row version).
CREATE FUNCTION report_apply_tickets(p_res int[], p_sign int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_res IS NULL OR cardinality(p_res) = 0 THEN RETURN; END IF;
  PERFORM report_lock_reservations(p_res);
  INSERT INTO pos_daily_sales AS s (pos_id, business_id, sale_date, reservations, tickets, revenue_agorot)
  SELECT r.pos_id, r.business_id, (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date, 0, sum(d.sg), 0
  FROM unnest(p_res, p_sign) AS d(rid, sg) JOIN reservations r ON r.id = d.rid AND r.status = 'committed'
  GROUP BY 1, 2, 3
  ON CONFLICT (pos_id, sale_date, business_id) DO UPDATE SET tickets = s.tickets + EXCLUDED.tickets;
END $$;

-- Signed product-line deltas.
CREATE FUNCTION report_apply_products(p_res int[], p_product int[], p_qty int[], p_price int[], p_sign int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_res IS NULL OR cardinality(p_res) = 0 THEN RETURN; END IF;
  PERFORM report_lock_reservations(p_res);
  INSERT INTO product_daily_sales AS s (product_id, business_id, location_id, sale_date, quantity, revenue_agorot)
  SELECT d.pid, r.business_id, r.location_id, (r.created_at AT TIME ZONE 'Asia/Jerusalem')::date,
         sum(d.sg * d.qty), sum(d.sg::bigint * d.qty * d.price)
  FROM unnest(p_res, p_product, p_qty, p_price, p_sign) AS d(rid, pid, qty, price, sg)
  JOIN reservations r ON r.id = d.rid AND r.status = 'committed'
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (product_id, sale_date, business_id, location_id) DO UPDATE SET
    quantity = s.quantity + EXCLUDED.quantity, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;
END $$;

-- ---------- reservations ----------
-- Row-level on insert (orders are inserted one by one; a new reservation has no tickets or products
-- yet): no transition table, so a bulk load with the triggers off (the seed) captures nothing.
CREATE FUNCTION report_reservations_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_reservations(ARRAY[NEW.id], ARRAY[NEW.pos_id], ARRAY[NEW.business_id], ARRAY[NEW.location_id],
                                    ARRAY[NEW.created_at], ARRAY[NEW.total_agorot], ARRAY[1]);
  RETURN NULL;
END $$;

-- Only versions whose report keys or figures changed: the old one out, the new one in.
CREATE FUNCTION report_reservations_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_reservations(array_agg(id), array_agg(pos_id), array_agg(business_id), array_agg(location_id),
                                    array_agg(created_at), array_agg(total_agorot), array_agg(sg))
  FROM (
    SELECT o.id, o.pos_id, o.business_id, o.location_id, o.created_at, o.total_agorot, -1 AS sg FROM old_rows o
    WHERE o.status = 'committed' AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.status = o.status
      AND n.pos_id = o.pos_id AND n.business_id = o.business_id AND n.location_id = o.location_id
      AND n.created_at = o.created_at AND n.total_agorot = o.total_agorot)
    UNION ALL
    SELECT n.id, n.pos_id, n.business_id, n.location_id, n.created_at, n.total_agorot, 1 FROM new_rows n
    WHERE n.status = 'committed' AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.status = n.status
      AND o.pos_id = n.pos_id AND o.business_id = n.business_id AND o.location_id = n.location_id
      AND o.created_at = n.created_at AND o.total_agorot = n.total_agorot)) d;
  RETURN NULL;
END $$;

-- Before each deleted reservation goes (its tickets and products still present; ON DELETE CASCADE
-- removes them afterwards, when their own triggers no longer find a committed reservation).
CREATE FUNCTION report_reservations_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'committed' THEN
    PERFORM report_apply_reservations(ARRAY[OLD.id], ARRAY[OLD.pos_id], ARRAY[OLD.business_id], ARRAY[OLD.location_id],
                                      ARRAY[OLD.created_at], ARRAY[OLD.total_agorot], ARRAY[-1]);
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER reservations_report_ins AFTER INSERT ON reservations
  FOR EACH ROW WHEN (NEW.status = 'committed') EXECUTE FUNCTION report_reservations_ins();
CREATE TRIGGER reservations_report_upd AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_reservations_upd();
CREATE TRIGGER reservations_report_del BEFORE DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION report_reservations_del();

-- ---------- reservation_tickets ----------
CREATE FUNCTION report_tickets_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_tickets(array_agg(reservation_id), array_agg(1)) FROM new_rows WHERE status = 'sold';
  RETURN NULL;
END $$;

CREATE FUNCTION report_tickets_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_tickets(array_agg(rid), array_agg(sg)) FROM (
    SELECT o.reservation_id AS rid, -1 AS sg FROM old_rows o WHERE o.status = 'sold'
      AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.status = 'sold' AND n.reservation_id = o.reservation_id)
    UNION ALL
    SELECT n.reservation_id, 1 FROM new_rows n WHERE n.status = 'sold'
      AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.status = 'sold' AND o.reservation_id = n.reservation_id)) d;
  RETURN NULL;
END $$;

CREATE FUNCTION report_tickets_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_tickets(array_agg(reservation_id), array_agg(-1)) FROM old_rows WHERE status = 'sold';
  RETURN NULL;
END $$;

CREATE TRIGGER reservation_tickets_report_ins AFTER INSERT ON reservation_tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_tickets_ins();
CREATE TRIGGER reservation_tickets_report_upd AFTER UPDATE ON reservation_tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_tickets_upd();
CREATE TRIGGER reservation_tickets_report_del AFTER DELETE ON reservation_tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_tickets_del();

-- ---------- reservation_products ----------
-- Row-level on insert for the same reason (the booking path inserts one product line per statement).
CREATE FUNCTION report_products_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_products(ARRAY[NEW.reservation_id], ARRAY[NEW.product_id], ARRAY[NEW.quantity], ARRAY[NEW.price_agorot], ARRAY[1]);
  RETURN NULL;
END $$;

CREATE FUNCTION report_products_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_products(array_agg(reservation_id), array_agg(product_id), array_agg(quantity), array_agg(price_agorot), array_agg(sg))
  FROM (SELECT reservation_id, product_id, quantity, price_agorot, 1 AS sg FROM new_rows
        UNION ALL SELECT reservation_id, product_id, quantity, price_agorot, -1 FROM old_rows) d;
  RETURN NULL;
END $$;

CREATE FUNCTION report_products_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_apply_products(array_agg(reservation_id), array_agg(product_id), array_agg(quantity), array_agg(price_agorot), array_agg(-1))
  FROM old_rows;
  RETURN NULL;
END $$;

CREATE TRIGGER reservation_products_report_ins AFTER INSERT ON reservation_products
  FOR EACH ROW EXECUTE FUNCTION report_products_ins();
CREATE TRIGGER reservation_products_report_upd AFTER UPDATE ON reservation_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_products_upd();
CREATE TRIGGER reservation_products_report_del AFTER DELETE ON reservation_products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_products_del();
