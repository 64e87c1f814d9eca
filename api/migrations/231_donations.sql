-- Issue 11 §2: donations bought on the site. A custom amount lies between the detail's amount (the
-- minimum) and max_amount. One order (idempotent by its key) per payment; its lines keep what was given.
ALTER TABLE donation_details ADD COLUMN max_amount int NOT NULL DEFAULT 1000000 CHECK (max_amount > 0);

CREATE TABLE donation_orders (
  id                 serial PRIMARY KEY,
  receipt_number     text NOT NULL UNIQUE,
  uuid               text NOT NULL,
  customer_id        int REFERENCES customers(id),
  idempotency_key    text NOT NULL UNIQUE,
  cart_hash          text NOT NULL,
  total_agorot       int NOT NULL CHECK (total_agorot > 0),
  payment_session_id text REFERENCES payment_sessions(id),
  customer_info      jsonb NOT NULL,
  response           jsonb NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX donation_orders_customer ON donation_orders(customer_id) WHERE customer_id IS NOT NULL;

CREATE TABLE donation_order_lines (
  order_id           int NOT NULL REFERENCES donation_orders(id),
  donation_id        int NOT NULL REFERENCES donations(id),
  donation_detail_id int NOT NULL REFERENCES donation_details(id),
  amount_agorot      int NOT NULL CHECK (amount_agorot > 0),
  quantity           int NOT NULL CHECK (quantity BETWEEN 1 AND 10)
);
CREATE INDEX donation_order_lines_order ON donation_order_lines(order_id);
CREATE SEQUENCE donation_receipt_number START 1001;
