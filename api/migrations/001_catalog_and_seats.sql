-- Catalog, seat plans and seat state. PostgreSQL dialect; runs unchanged on PGlite and PostgreSQL 15+.
-- Money columns are integer agorot. Times are timestamptz (UTC).

CREATE TABLE locations (
  id              int PRIMARY KEY,
  name_he         text NOT NULL,
  name_en         text NOT NULL,
  city_he         text NOT NULL,
  city_en         text NOT NULL,
  business_id     int  NOT NULL,
  auth_profile_id int  NOT NULL,
  web_booking_offline boolean NOT NULL DEFAULT false
);

CREATE TABLE features (
  id            int PRIMARY KEY,
  name_he       text NOT NULL,
  name_en       text NOT NULL,
  description_he text NOT NULL DEFAULT '',
  description_en text NOT NULL DEFAULT '',
  duration_min  int  NOT NULL,
  rating        text NOT NULL,
  genre_he      text NOT NULL,
  genre_en      text NOT NULL,
  release_date  date NOT NULL,
  is_vod        boolean NOT NULL DEFAULT false
);

CREATE TABLE venues (
  id                int PRIMARY KEY,
  location_id       int NOT NULL REFERENCES locations(id),
  name_he           text NOT NULL,
  name_en           text NOT NULL,
  venue_type_id     int NOT NULL,
  seating_policy_id int NOT NULL DEFAULT 1,
  service_charge    int NOT NULL DEFAULT 0  -- agorot per ticket
);

CREATE TABLE seatplans (
  id          int PRIMARY KEY,
  venue_id    int NOT NULL REFERENCES venues(id),
  name        text NOT NULL,
  width       int NOT NULL,
  height      int NOT NULL,
  stage_kind  text NOT NULL DEFAULT 'screen',
  stage_x     int NOT NULL, stage_y int NOT NULL, stage_w int NOT NULL, stage_h int NOT NULL,
  capacity    int NOT NULL DEFAULT 0
);
CREATE INDEX seatplans_venue ON seatplans(venue_id);

CREATE TABLE ticket_groups (
  id        int PRIMARY KEY,
  venue_id  int NOT NULL REFERENCES venues(id),
  code      text NOT NULL,
  name_he   text NOT NULL,
  name_en   text NOT NULL,
  sort      int NOT NULL DEFAULT 0
);

CREATE TABLE sections (
  id           int PRIMARY KEY,
  seatplan_id  int NOT NULL REFERENCES seatplans(id),
  name_he      text NOT NULL,
  name_en      text NOT NULL,
  is_ga        boolean NOT NULL DEFAULT false,
  capacity     int NOT NULL DEFAULT 0,
  ticket_group_id int NOT NULL REFERENCES ticket_groups(id),
  allocation_id int NOT NULL DEFAULT 1,
  bx int NOT NULL, by_ int NOT NULL, bw int NOT NULL, bh int NOT NULL,
  sort int NOT NULL DEFAULT 0
);
CREATE INDEX sections_seatplan ON sections(seatplan_id);

CREATE TABLE seat_groups (
  id          int PRIMARY KEY,
  section_id  int NOT NULL REFERENCES sections(id),
  name_he     text NOT NULL,
  name_en     text NOT NULL
);

CREATE TABLE seats (
  section_id   int NOT NULL REFERENCES sections(id),
  x            int NOT NULL,
  y            int NOT NULL,
  group_id     int NOT NULL REFERENCES seat_groups(id),
  row_name     text NOT NULL,
  seat_name    text NOT NULL,
  ticket_group_id int NOT NULL REFERENCES ticket_groups(id),
  is_handicap     boolean NOT NULL DEFAULT false,
  is_companion    boolean NOT NULL DEFAULT false,
  is_limited_view boolean NOT NULL DEFAULT false,
  is_premium      boolean NOT NULL DEFAULT false,
  sofa_unit       int,
  PRIMARY KEY (section_id, x, y)
);
CREATE INDEX seats_sofa ON seats(section_id, sofa_unit) WHERE sofa_unit IS NOT NULL;

CREATE TABLE presentations (
  id            serial PRIMARY KEY,
  feature_id    int NOT NULL REFERENCES features(id),
  venue_id      int NOT NULL REFERENCES venues(id),
  seatplan_id   int NOT NULL REFERENCES seatplans(id),
  starts_at     timestamptz NOT NULL,
  business_date date NOT NULL,           -- Asia/Jerusalem day of starts_at
  choose_seats_s    int NOT NULL DEFAULT 600,
  choose_tickets_s  int NOT NULL DEFAULT 600,
  customer_info_s   int NOT NULL DEFAULT 300,
  choose_products_s int NOT NULL DEFAULT 300,
  service_charge int NOT NULL DEFAULT 0,  -- agorot per ticket
  UNIQUE (venue_id, starts_at)
);
CREATE INDEX presentations_date ON presentations(business_date);
CREATE INDEX presentations_feature ON presentations(feature_id, starts_at);

CREATE TABLE tickets (
  id               int PRIMARY KEY,
  ticket_group_id  int NOT NULL REFERENCES ticket_groups(id),
  code             text NOT NULL,          -- regular|student|senior|child|couple|code
  name_he          text NOT NULL,
  name_en          text NOT NULL,
  price            int NOT NULL,           -- agorot
  old_price        int,
  price_policy_id  int NOT NULL,
  multiply_factor  int NOT NULL DEFAULT 1,
  is_by_code_enabled boolean NOT NULL DEFAULT false,
  ticket_code      text,                   -- the code that unlocks a code-only ticket
  sort             int NOT NULL DEFAULT 0
);
CREATE INDEX tickets_group ON tickets(ticket_group_id);

CREATE TABLE products (
  id          int PRIMARY KEY,
  name_he     text NOT NULL,
  name_en     text NOT NULL,
  category    text NOT NULL,
  price       int NOT NULL,
  is_delivery_required boolean NOT NULL DEFAULT false,
  sort        int NOT NULL DEFAULT 0
);

CREATE TABLE mini_sites (
  id          int PRIMARY KEY,
  url         text NOT NULL UNIQUE,
  name_he     text NOT NULL,
  name_en     text NOT NULL,
  location_id int REFERENCES locations(id),
  feature_ids int[]
);

CREATE TABLE memberships (
  id            int PRIMARY KEY,
  type_id       int NOT NULL,
  code          text NOT NULL UNIQUE,
  name_he       text NOT NULL, name_en text NOT NULL,
  class_name_he text NOT NULL, class_name_en text NOT NULL,
  description_he text NOT NULL, description_en text NOT NULL,
  terms_id      int NOT NULL,
  series_size   int
);
CREATE TABLE membership_prices (
  id            int PRIMARY KEY,
  membership_id int NOT NULL REFERENCES memberships(id),
  price_code    text NOT NULL,
  name_he       text NOT NULL, name_en text NOT NULL,
  price         int NOT NULL,
  discount_id   int
);

CREATE TABLE system_voucher_super_classes (
  id int PRIMARY KEY, name_he text NOT NULL, name_en text NOT NULL
);
CREATE TABLE system_vouchers (
  id             int PRIMARY KEY,
  class_id       int NOT NULL,
  super_class_id int NOT NULL REFERENCES system_voucher_super_classes(id),
  name_he text NOT NULL, name_en text NOT NULL,
  description_he text NOT NULL, description_en text NOT NULL,
  validity_days  int NOT NULL,
  terms_id       int NOT NULL
);
CREATE TABLE system_voucher_prices (
  id          int PRIMARY KEY,
  voucher_id  int NOT NULL REFERENCES system_vouchers(id),
  price       int NOT NULL,
  is_open_price boolean NOT NULL DEFAULT false,
  min_price   int, max_price int,
  redemption  jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE donations (
  id int PRIMARY KEY, code text NOT NULL UNIQUE,
  name_he text NOT NULL, name_en text NOT NULL,
  description_he text NOT NULL, description_en text NOT NULL
);
CREATE TABLE donation_details (
  id int PRIMARY KEY, donation_id int NOT NULL REFERENCES donations(id),
  amount int NOT NULL, custom_amount boolean NOT NULL DEFAULT false
);

-- Seat state. A seat (or a general-admission place: x = place number, y = 0) is free when it has
-- no row here or its hold expired. The primary key makes a double hold / double sale impossible.
CREATE TABLE presentation_seats (
  presentation_id int NOT NULL REFERENCES presentations(id),
  section_id      int NOT NULL,
  x               int NOT NULL,
  y               int NOT NULL,
  status          text NOT NULL CHECK (status IN ('held', 'sold')),
  holder_uuid     text,
  expires_at      timestamptz,
  reservation_id  text,
  ticket_group_id int,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (presentation_id, section_id, x, y),
  CHECK (status = 'sold' OR (holder_uuid IS NOT NULL AND expires_at IS NOT NULL))
);
CREATE INDEX presentation_seats_holder ON presentation_seats(holder_uuid, presentation_id) WHERE status = 'held';
CREATE INDEX presentation_seats_expiry ON presentation_seats(expires_at) WHERE status = 'held';

-- One extension of the hold timer per visit and presentation (decisions.md).
CREATE TABLE hold_extensions (
  presentation_id int NOT NULL,
  holder_uuid     text NOT NULL,
  extended_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (presentation_id, holder_uuid)
);
