-- Orders, payments, customers (minimal), ticket options, coupons, vouchers as payment, mini-sites,
-- e-documents (issue 4). Migrations 200–299. Builds on reservations / reservation_tickets /
-- reservation_products of 100_staff_sales.sql. Money in integer agorot, times timestamptz (UTC).

-- ---------- customers ----------
CREATE TABLE customers (
  id                 serial PRIMARY KEY,
  first_name         text NOT NULL,
  last_name          text NOT NULL,
  ssn                text,
  email              text,
  mobile_number      text NOT NULL UNIQUE,           -- normalised 05XXXXXXXX
  phone_number       text,
  address1           text, address2 text, city text, postal_code text,
  date_of_birth      date,
  is_sms_allowed     boolean NOT NULL DEFAULT true,
  is_email_allowed   boolean NOT NULL DEFAULT true,
  is_mailing_allowed boolean NOT NULL DEFAULT true,
  loyalty_points     int NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0),
  location_id        int REFERENCES locations(id),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customers_ssn ON customers(ssn) WHERE ssn IS NOT NULL;

-- A customer's membership (spec 3 "Member"). balance = member tickets allowed; used_balance = taken.
CREATE TABLE customer_members (
  id                         serial PRIMARY KEY,
  customer_id                int NOT NULL REFERENCES customers(id),
  membership_id              int NOT NULL REFERENCES memberships(id),
  member_number              text NOT NULL UNIQUE,
  membership_identifier      text NOT NULL UNIQUE,
  additional_name            text,
  balance                    int NOT NULL DEFAULT 0,
  used_balance               int NOT NULL DEFAULT 0,
  points_balance             int NOT NULL DEFAULT 0,
  start_date                 date NOT NULL,
  end_date                   date NOT NULL,
  is_cancelled               boolean NOT NULL DEFAULT false,
  allow_member_sale_tickets  boolean NOT NULL DEFAULT true,
  is_loyalty_points_redemption boolean NOT NULL DEFAULT false,
  CHECK (used_balance <= balance)
);
CREATE INDEX customer_members_customer ON customer_members(customer_id);

-- Customer sessions (cookie tx_customer). Only the SHA-256 of the token is stored.
CREATE TABLE customer_sessions (
  token_hash  text PRIMARY KEY,
  customer_id int NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX customer_sessions_expiry ON customer_sessions(expires_at);

-- One-time SMS login codes (hash only). A new code replaces the previous one of the number.
CREATE TABLE customer_login_codes (
  mobile_number text PRIMARY KEY,
  code_hash     text NOT NULL,
  attempts      int NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);

-- ---------- ticket options and combination rules ----------
CREATE TABLE addons (
  id      int PRIMARY KEY,
  name_he text NOT NULL,
  name_en text NOT NULL,
  price   int NOT NULL                               -- agorot
);
CREATE TABLE ticket_addons (
  ticket_id int NOT NULL REFERENCES tickets(id),
  addon_id  int NOT NULL REFERENCES addons(id),
  PRIMARY KEY (ticket_id, addon_id)
);

-- What the catalog's tickets table does not say: kind, reference prompts, walk-in, loyalty points.
CREATE TABLE ticket_options (
  ticket_id        int PRIMARY KEY REFERENCES tickets(id),
  kind             text NOT NULL CHECK (kind IN ('regular', 'member', 'loyalty', 'reference', 'walkin', 'vod')),
  ref1prompt_he    text, ref1prompt_en text,
  ref2prompt_he    text, ref2prompt_en text,
  walkin           boolean NOT NULL DEFAULT false,
  loyalty_points   int                              -- points per ticket (loyalty kind)
);

-- Combination rules (spec 5: required quantities, minimum, maximum, required companion, sold out).
CREATE TABLE ticket_rules (
  ticket_id         int PRIMARY KEY REFERENCES tickets(id),
  quantity_multiple int NOT NULL DEFAULT 1 CHECK (quantity_multiple >= 1),
  min_quantity      int NOT NULL DEFAULT 0,
  max_quantity      int,
  companion_codes   text[] NOT NULL DEFAULT '{}',    -- tickets.code kinds that must accompany it
  quota_per_presentation int                         -- sold out when reached
);

-- ---------- coupons (spec 5) ----------
-- A coupon gives balance × multiply_factor tickets of the ticket kind ticket_code (tickets.code) of the
-- seat's ticket group; each application needs multiply_factor seats.
CREATE TABLE coupons (
  code            text PRIMARY KEY,
  ticket_code     text NOT NULL,
  multiply_factor int NOT NULL DEFAULT 1 CHECK (multiply_factor >= 1),
  balance         int NOT NULL CHECK (balance >= 0),
  used            int NOT NULL DEFAULT 0,
  valid_until     date,
  CHECK (used <= balance * multiply_factor)
);

-- ---------- issued system vouchers (gift cards) ----------
CREATE TABLE system_voucher_items (
  id                 serial PRIMARY KEY,
  reference          text NOT NULL UNIQUE,
  system_voucher_id  int NOT NULL REFERENCES system_vouchers(id),
  customer_id        int REFERENCES customers(id),
  balance            int NOT NULL DEFAULT 0 CHECK (balance >= 0),       -- money left, agorot
  ticket_balance     int NOT NULL DEFAULT 0 CHECK (ticket_balance >= 0), -- free tickets left (TICKET redemption)
  start_date         date NOT NULL,
  end_date           date NOT NULL,
  status             text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
  is_for_replacement boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE voucher_redemptions (
  id              serial PRIMARY KEY,
  item_id         int NOT NULL REFERENCES system_voucher_items(id),
  reservation_id  int NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  amount          int NOT NULL DEFAULT 0,            -- agorot paid by the voucher
  tickets         int NOT NULL DEFAULT 0,            -- free tickets taken
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voucher_redemptions_reservation ON voucher_redemptions(reservation_id);

-- ---------- payments ----------
-- A hosted-page payment session. Card data never lands here: only a provider token, last4 and brand.
CREATE TABLE payment_sessions (
  id                text PRIMARY KEY,
  provider          text NOT NULL,
  uuid              text NOT NULL,
  amount            int NOT NULL,                    -- agorot
  number_of_payments int NOT NULL DEFAULT 1,
  locale            text NOT NULL,
  parent_origin     text NOT NULL,
  status            text NOT NULL CHECK (status IN ('pending', 'challenge', 'approved', 'declined', '3ds_failed', 'cancelled', 'captured', 'expired')),
  token             text,
  last4             text,
  brand             text,
  paypal            jsonb,
  reservation_id    int REFERENCES reservations(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL
);
CREATE UNIQUE INDEX payment_sessions_reservation ON payment_sessions(reservation_id) WHERE reservation_id IS NOT NULL;

-- ---------- reservations: what the booking path adds ----------
CREATE SEQUENCE web_order_number START 100001;
ALTER TABLE reservations
  ADD COLUMN document_key          text UNIQUE,
  ADD COLUMN is_hold               boolean NOT NULL DEFAULT false,
  ADD COLUMN referral_mini_site_id int REFERENCES mini_sites(id),
  ADD COLUMN customer_info         jsonb,           -- name, ssn, email, mobile, address (never card data)
  ADD COLUMN delivery_method       text,
  ADD COLUMN payment_session_id    text,
  ADD COLUMN number_of_payments    int NOT NULL DEFAULT 1,
  ADD COLUMN voucher_amount_agorot int NOT NULL DEFAULT 0,
  ADD COLUMN amount_due_agorot     int NOT NULL DEFAULT 0,
  ADD COLUMN response              jsonb,           -- the commit answer replayed for a retried Idempotency-Key
  ADD COLUMN cancelled_at          timestamptz;

ALTER TABLE reservation_tickets
  ADD COLUMN ticket_identifier text UNIQUE,
  ADD COLUMN code              text,
  ADD COLUMN member_number     text,
  ADD COLUMN system_voucher    text,
  ADD COLUMN addons            jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN addons_agorot     int NOT NULL DEFAULT 0,
  ADD COLUMN is_sub_ticket     boolean NOT NULL DEFAULT false,
  ADD COLUMN scanned_at        timestamptz;
CREATE INDEX reservation_tickets_code ON reservation_tickets(code) WHERE code IS NOT NULL;

-- VOD purchases take a place number in the VOD venue's streaming section (no seat map).
CREATE SEQUENCE vod_place START 1;

-- ---------- mini-sites ----------
ALTER TABLE mini_sites
  ADD COLUMN presentation_list_mode text NOT NULL DEFAULT 'list' CHECK (presentation_list_mode IN ('list', 'calendar', 'byFeature')),
  ADD COLUMN brand_color text NOT NULL DEFAULT '#1d4ed8',
  ADD COLUMN logo_text_he text,
  ADD COLUMN logo_text_en text,
  ADD COLUMN reference_ticket_codes text[] NOT NULL DEFAULT '{}';

-- Partner references accepted by GET /mini-site/validate/{url}: a ticket kind (tickets.code) and
-- reference1/2 with an allotted quantity; Balance = quantity − tickets already sold with them.
CREATE TABLE mini_site_references (
  mini_site_id int NOT NULL REFERENCES mini_sites(id),
  ticket_code  text NOT NULL,
  reference1   text NOT NULL,
  reference2   text NOT NULL DEFAULT '',
  quantity     int NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (mini_site_id, ticket_code, reference1, reference2)
);
