-- Issue 11: products bought with gift vouchers (the voucher flow's products step), and the gift page sent by e-mail.
ALTER TABLE voucher_purchases ADD COLUMN delivery_method text CHECK (delivery_method IN ('pickup', 'courier', 'mail'));
CREATE TABLE voucher_purchase_products (
  purchase_id  int NOT NULL REFERENCES voucher_purchases(id) ON DELETE CASCADE,
  product_id   int NOT NULL REFERENCES products(id),
  quantity     int NOT NULL CHECK (quantity > 0),
  price_agorot int NOT NULL,                          -- unit price when bought
  PRIMARY KEY (purchase_id, product_id)
);

-- The development e-mail provider writes here instead of sending (like sms_outbox).
CREATE TABLE email_outbox (
  id         serial PRIMARY KEY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_outbox_to ON email_outbox(lower(to_address), id);

-- Gift pages sent, counted per purchase and per recipient address (rate limits).
CREATE TABLE voucher_email_sends (
  id          serial PRIMARY KEY,
  purchase_id int NOT NULL REFERENCES voucher_purchases(id) ON DELETE CASCADE,
  to_address  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX voucher_email_sends_purchase ON voucher_email_sends(purchase_id, created_at);
CREATE INDEX voucher_email_sends_to ON voucher_email_sends(to_address, created_at);
