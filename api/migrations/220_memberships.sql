-- Membership purchase (issue 10). Migrations 220–229.
-- A membership's events (series type 2: the presentations the buyer chooses a seat in, stepped next/previous).
ALTER TABLE memberships ADD COLUMN is_for_sale boolean NOT NULL DEFAULT true;
ALTER TABLE memberships ADD COLUMN member_tickets int NOT NULL DEFAULT 10;   -- balance per membership bought
ALTER TABLE memberships ADD COLUMN validity_days int NOT NULL DEFAULT 365;

CREATE TABLE membership_events (
  membership_id   int NOT NULL REFERENCES memberships(id),
  presentation_id int NOT NULL REFERENCES presentations(id),
  ordinal         int NOT NULL,
  PRIMARY KEY (membership_id, presentation_id)
);

-- One paid membership order; idempotent per Idempotency-Key (a retried commit returns `response`).
CREATE SEQUENCE membership_order_number START 500001;
CREATE TABLE membership_orders (
  id                 serial PRIMARY KEY,
  identifier         text NOT NULL UNIQUE,
  uuid               text NOT NULL,
  idempotency_key    text NOT NULL UNIQUE,
  customer_id        int NOT NULL REFERENCES customers(id),
  membership_id      int NOT NULL REFERENCES memberships(id),
  total_agorot       int NOT NULL,
  payment_session_id text,
  customer_info      jsonb,
  response           jsonb NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
