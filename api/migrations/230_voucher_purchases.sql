-- Issue 11: gift vouchers bought on the site. One purchase (idempotent by its key) issues one
-- system_voucher_items row per voucher bought; the payment session points at nothing in reservations.
CREATE TABLE voucher_purchases (
  id                 serial PRIMARY KEY,
  identifier         text NOT NULL UNIQUE,
  uuid               text NOT NULL,
  customer_id        int REFERENCES customers(id),
  idempotency_key    text NOT NULL UNIQUE,
  cart_hash          text NOT NULL,
  total_agorot       int NOT NULL CHECK (total_agorot >= 0),
  payment_session_id text REFERENCES payment_sessions(id),
  buyer              jsonb NOT NULL,
  response           jsonb,
  created_at         timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE system_voucher_items ADD COLUMN purchase_id int REFERENCES voucher_purchases(id);
CREATE INDEX system_voucher_items_purchase ON system_voucher_items(purchase_id) WHERE purchase_id IS NOT NULL;
