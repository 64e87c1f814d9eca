-- Membership enrolment (seat subscriptions, issue 10). Migrations 221–229.
-- A season: its events (presentations) with required flags and prices, its tariffs (ticket kinds of a ticket group).
CREATE TABLE enrolment_seasons (
  id                      int PRIMARY KEY,
  code                    text NOT NULL UNIQUE,
  name_he text NOT NULL, name_en text NOT NULL,
  description_he text NOT NULL, description_en text NOT NULL,
  venue_id                int NOT NULL REFERENCES venues(id),
  is_skip_member_seat     boolean NOT NULL DEFAULT false,
  is_pricing_per_ticket   boolean NOT NULL DEFAULT true,
  season_price            int NOT NULL DEFAULT 0,          -- agorot per seat when not priced per ticket
  default_ticket_group_id int NOT NULL REFERENCES ticket_groups(id),
  tariff_ticket_ids       int[] NOT NULL,                  -- ticket kinds offered as tariffs
  max_seats               int NOT NULL DEFAULT 4,
  hold_seconds            int NOT NULL DEFAULT 600
);

CREATE TABLE enrolment_events (
  season_id       int NOT NULL REFERENCES enrolment_seasons(id),
  presentation_id int NOT NULL REFERENCES presentations(id),
  ordinal         int NOT NULL,
  title_he text NOT NULL, title_en text NOT NULL,
  is_required     boolean NOT NULL DEFAULT false,
  payable_agorot  int NOT NULL,
  price_override_agorot int,                               -- PresentationDetail.IsPriceOverride / Price
  PRIMARY KEY (season_id, presentation_id)
);

-- One enrolment per customer and season (ALREADY_ENROLLED is this constraint).
CREATE SEQUENCE enrolment_number START 700001;
CREATE TABLE enrolments (
  id                 serial PRIMARY KEY,
  identifier         text NOT NULL UNIQUE,
  season_id          int NOT NULL REFERENCES enrolment_seasons(id),
  customer_id        int NOT NULL REFERENCES customers(id),
  uuid               text NOT NULL,
  idempotency_key    text NOT NULL UNIQUE,
  total_agorot       int NOT NULL,
  payment_session_id text,
  response           jsonb NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (season_id, customer_id)
);

-- The season seats per event; the seat itself is sold in presentation_seats (reservation_id = identifier),
-- so ordinary booking sees it taken; a release deletes that row and stamps released_at here.
CREATE TABLE enrolment_seats (
  enrolment_id    int NOT NULL REFERENCES enrolments(id),
  presentation_id int NOT NULL REFERENCES presentations(id),
  section_id      int NOT NULL,
  x               int NOT NULL,
  y               int NOT NULL,
  ticket_id       int NOT NULL,
  price_agorot    int NOT NULL,
  released_at     timestamptz,
  PRIMARY KEY (enrolment_id, presentation_id, section_id, x, y)
);
CREATE INDEX enrolments_customer ON enrolments(customer_id);
