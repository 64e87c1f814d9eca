-- Staff, sales history and ticket reference admin (issue 6). Migrations 100–199.
-- The sales tables are THE tables the booking path writes when it commits an order (migrations 200+
-- add orders, payments, customers on top). Money in integer agorot, times timestamptz (UTC).

-- ---------- points of sale ----------
-- Convention: location L has web = L*100+1, box office = L*100+2, kiosk = L*100+3, mobile app = L*100+4
-- (seeded by api/src/seed/sales.ts). The booking path commits web orders with pos_id = location_id*100+1.
CREATE TABLE points_of_sale (
  id          int PRIMARY KEY,
  location_id int NOT NULL REFERENCES locations(id),
  business_id int NOT NULL,
  kind        text NOT NULL CHECK (kind IN ('web', 'box_office', 'kiosk', 'mobile')),
  name_he     text NOT NULL,
  name_en     text NOT NULL
);

-- ---------- reservations (orders) ----------
CREATE TABLE reservations (
  id                    serial PRIMARY KEY,
  identifier            text NOT NULL UNIQUE,          -- the reservation number shown to the customer
  uuid                  text,                          -- the visit's uuid header
  customer_id           int,                           -- customers live in migrations 200+
  location_id           int NOT NULL REFERENCES locations(id),
  business_id           int NOT NULL,
  pos_id                int NOT NULL REFERENCES points_of_sale(id),
  status                text NOT NULL CHECK (status IN ('committed', 'cancelled', 'held-unpaid')),
  total_agorot          int NOT NULL DEFAULT 0,
  service_charge_agorot int NOT NULL DEFAULT 0,
  booking_fee_agorot    int NOT NULL DEFAULT 0,
  idempotency_key       text UNIQUE,
  cart_hash             text,
  mobile_number         text,                          -- where tickets are sent by SMS (optional)
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservations_created ON reservations(created_at);
CREATE INDEX reservations_business_created ON reservations(business_id, created_at);
CREATE INDEX reservations_customer ON reservations(customer_id) WHERE customer_id IS NOT NULL;

-- One row per ticket (per seat or general-admission place). status: 'sold' (paid), 'held' (hold order,
-- unpaid, pay at the box office), 'cancelled', 'refunded'. Only sold and held occupy capacity.
CREATE TABLE reservation_tickets (
  id                    serial PRIMARY KEY,
  reservation_id        int NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  presentation_id       int NOT NULL REFERENCES presentations(id),
  section_id            int NOT NULL REFERENCES sections(id),
  x                     int NOT NULL,
  y                     int NOT NULL,
  ticket_id             int NOT NULL REFERENCES tickets(id),
  price_agorot          int NOT NULL,
  service_charge_agorot int NOT NULL DEFAULT 0,
  status                text NOT NULL CHECK (status IN ('sold', 'held', 'cancelled', 'refunded')),
  ref1                  text,                          -- ticket reference prompt answers (Reference1/2)
  ref2                  text,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reservation_tickets_reservation ON reservation_tickets(reservation_id);
CREATE INDEX reservation_tickets_presentation ON reservation_tickets(presentation_id, status);
CREATE INDEX reservation_tickets_ref ON reservation_tickets(ticket_id, ref1) WHERE ref1 IS NOT NULL;
-- A place is sold at most once per presentation (cancelled/refunded rows do not count).
CREATE UNIQUE INDEX reservation_tickets_place ON reservation_tickets(presentation_id, section_id, x, y)
  WHERE status IN ('sold', 'held');

CREATE TABLE reservation_products (
  reservation_id int NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  product_id     int NOT NULL REFERENCES products(id),
  quantity       int NOT NULL CHECK (quantity > 0),
  price_agorot   int NOT NULL,                         -- unit price
  PRIMARY KEY (reservation_id, product_id)
);
CREATE INDEX reservation_products_product ON reservation_products(product_id);

-- ---------- pre-aggregations (kept by statement triggers; the dashboard reads these) ----------
CREATE TABLE presentation_sales (
  presentation_id int PRIMARY KEY REFERENCES presentations(id),
  sold            int NOT NULL DEFAULT 0,
  held            int NOT NULL DEFAULT 0,
  revenue_agorot  bigint NOT NULL DEFAULT 0
);
-- Per presentation and sale day (Asia/Jerusalem day of reservation_tickets.created_at).
CREATE TABLE presentation_daily_sales (
  presentation_id int NOT NULL REFERENCES presentations(id),
  sale_date       date NOT NULL,
  sold            int NOT NULL DEFAULT 0,
  held            int NOT NULL DEFAULT 0,
  revenue_agorot  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (presentation_id, sale_date)
);
CREATE INDEX presentation_daily_sales_date ON presentation_daily_sales(sale_date);

-- Applies signed ticket deltas (arrays built by the statement trigger functions below).
CREATE FUNCTION sales_apply_delta(p_ids int[], p_created timestamptz[], p_status text[], p_price int[], p_sign int[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;

  INSERT INTO presentation_sales AS s (presentation_id, sold, held, revenue_agorot)
  SELECT pid,
         sum(CASE WHEN st = 'sold' THEN sg ELSE 0 END),
         sum(CASE WHEN st = 'held' THEN sg ELSE 0 END),
         sum(CASE WHEN st = 'sold' THEN sg * pr ELSE 0 END)
  FROM unnest(p_ids, p_status, p_price, p_sign) AS d(pid, st, pr, sg) GROUP BY pid
  ON CONFLICT (presentation_id) DO UPDATE SET
    sold = s.sold + EXCLUDED.sold, held = s.held + EXCLUDED.held, revenue_agorot = s.revenue_agorot + EXCLUDED.revenue_agorot;

  INSERT INTO presentation_daily_sales AS s (presentation_id, sale_date, sold, held, revenue_agorot)
  SELECT pid, (ca AT TIME ZONE 'Asia/Jerusalem')::date,
         sum(CASE WHEN st = 'sold' THEN sg ELSE 0 END),
         sum(CASE WHEN st = 'held' THEN sg ELSE 0 END),
         sum(CASE WHEN st = 'sold' THEN sg * pr ELSE 0 END)
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

CREATE FUNCTION sales_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_apply_delta(array_agg(presentation_id), array_agg(created_at), array_agg(status), array_agg(price_agorot), array_agg(1))
  FROM new_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION sales_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_apply_delta(array_agg(presentation_id), array_agg(created_at), array_agg(status), array_agg(price_agorot), array_agg(sg))
  FROM (SELECT presentation_id, created_at, status, price_agorot, 1 AS sg FROM new_rows
        UNION ALL SELECT presentation_id, created_at, status, price_agorot, -1 FROM old_rows) d;
  RETURN NULL;
END $$;

CREATE FUNCTION sales_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_apply_delta(array_agg(presentation_id), array_agg(created_at), array_agg(status), array_agg(price_agorot), array_agg(-1))
  FROM old_rows;
  RETURN NULL;
END $$;

CREATE TRIGGER reservation_tickets_ins AFTER INSERT ON reservation_tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_after_insert();
CREATE TRIGGER reservation_tickets_upd AFTER UPDATE ON reservation_tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_after_update();
CREATE TRIGGER reservation_tickets_del AFTER DELETE ON reservation_tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_after_delete();

-- ---------- staff ----------
CREATE TABLE staff_users (
  id            serial PRIMARY KEY,
  username      text NOT NULL UNIQUE,
  password_hash text NOT NULL,                         -- bcrypt
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  business_ids  int[] NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- Sessions live in the database so every api process accepts them. Only the SHA-256 of the
-- cookie token is stored.
CREATE TABLE staff_sessions (
  token_hash  text PRIMARY KEY,
  user_id     int NOT NULL REFERENCES staff_users(id) ON DELETE CASCADE,
  csrf_token  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX staff_sessions_expiry ON staff_sessions(expires_at);

CREATE TABLE staff_login_attempts (
  username     text NOT NULL,
  ip           text NOT NULL,
  success      boolean NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_login_attempts_key ON staff_login_attempts(username, ip, attempted_at);

-- ---------- ticket reference admin ----------
-- An agent is a customer (an organisation: employer, union, club) whose members redeem tickets by a
-- reference (employee number, member card...). A prompt ties an agent to a ticket (price) and
-- optionally a feature, presentation, feature category; its options are the accepted references,
-- each with an allotted quantity.
CREATE TABLE ticket_ref_agents (
  customer_id int PRIMARY KEY,
  business_id int NOT NULL,
  name_he     text NOT NULL,
  name_en     text NOT NULL
);

CREATE TABLE ticket_ref_prompts (
  id                  int PRIMARY KEY,
  customer_id         int NOT NULL REFERENCES ticket_ref_agents(customer_id),
  business_id         int NOT NULL,
  ticket_id           int NOT NULL REFERENCES tickets(id),
  feature_id          int REFERENCES features(id),
  price_policy_id     int NOT NULL,
  presentation_id     int REFERENCES presentations(id),
  feature_category_id int,
  prompt_he           text NOT NULL,
  prompt_en           text NOT NULL,
  prompt2_he          text,
  prompt2_en          text
);

CREATE TABLE ticket_ref_options (
  price_type   int NOT NULL,                           -- 1 = ticket price
  price_id     int NOT NULL,                           -- the ticket id
  price_row_id int NOT NULL,
  prompt_id    int NOT NULL REFERENCES ticket_ref_prompts(id),
  reference1   text NOT NULL,
  reference2   text NOT NULL DEFAULT '',
  quantity     int NOT NULL CHECK (quantity >= 0),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (price_type, price_id, price_row_id)
);
CREATE INDEX ticket_ref_options_prompt ON ticket_ref_options(prompt_id);

-- ---------- SMS outbox (development SMS provider; api/src/lib/sms.ts) ----------
CREATE TABLE IF NOT EXISTS sms_outbox (
  id         serial PRIMARY KEY,
  to_number  text NOT NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
