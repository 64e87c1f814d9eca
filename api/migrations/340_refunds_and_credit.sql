-- Eighteenth session (a tester following the money): a cancellation's card refund was only a number in
-- customer_cancellations.card_agorot (no provider was ever asked), and "refund to my account credit" gave the
-- customer nothing anywhere. From here on:
--   * the card part is a card_refunds row written in the cancel's transaction (pending), sent to the payment
--     provider after the commit and retried by the api's housekeeping until the provider takes it (sent) or refuses
--     it for good (failed, with its reason) — PresLive lists them for the operator;
--   * the account credit is a system voucher of the customer's own (one per customer, topped up, valid five years
--     from its last top-up) that pays at checkout like any gift voucher.

-- ---------- account credit ----------
-- The catalog row every account-credit voucher belongs to. Never for sale: GET /system-vouchers leaves it out.
ALTER TABLE system_voucher_super_classes ADD COLUMN IF NOT EXISTS is_account_credit boolean NOT NULL DEFAULT false;
ALTER TABLE system_vouchers ADD COLUMN IF NOT EXISTS is_account_credit boolean NOT NULL DEFAULT false;
INSERT INTO system_voucher_super_classes (id, name_he, name_en, is_account_credit)
VALUES (900000, 'זיכוי בחשבון', 'Account credit', true) ON CONFLICT (id) DO NOTHING;
INSERT INTO system_vouchers (id, class_id, super_class_id, name_he, name_en, description_he, description_en, validity_days, terms_id, is_account_credit)
VALUES (900000, 900000, 900000, 'זיכוי בחשבון', 'Account credit',
        'החזר מביטול הזמנה, לתשלום בהזמנה הבאה ("תשלום בשובר")', 'A cancellation''s refund, to pay a next order with ("Pay with a voucher")',
        1827, 3, true) ON CONFLICT (id) DO NOTHING;

-- Its name in ru, ar and pl (where the names table takes vouchers: migration 330; an older table refuses the kind).
DO $$
BEGIN
  INSERT INTO localized_names (entity, entity_id, locale, name) VALUES
    ('voucher', 900000, 'ru', 'Средства на счёте'), ('voucher', 900000, 'ar', 'رصيد في الحساب'), ('voucher', 900000, 'pl', 'Środki na koncie')
  ON CONFLICT DO NOTHING;
EXCEPTION WHEN check_violation THEN NULL;
END $$;

-- A top-up of a credit voucher by a cancellation: its own kind, so the cancelled order's "what already came back to
-- the vouchers that paid it" (kind 'refunded') never counts it.
ALTER TABLE system_voucher_events DROP CONSTRAINT IF EXISTS system_voucher_events_kind_check;
ALTER TABLE system_voucher_events ADD CONSTRAINT system_voucher_events_kind_check CHECK (kind IN ('cancelled', 'replacement', 'refunded', 'credited'));

-- Which credit voucher a cancellation's card part went to (refund to account credit).
ALTER TABLE customer_cancellations ADD COLUMN IF NOT EXISTS credit_item_id int REFERENCES system_voucher_items(id);

-- ---------- card refunds ----------
-- The site's side: one row per cancellation whose card part goes back to the card.
CREATE TABLE card_refunds (
  id                 serial PRIMARY KEY,
  cancellation_id    int NOT NULL REFERENCES customer_cancellations(id) ON DELETE CASCADE,
  reservation_id     int NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  -- the captured payment session the money goes back through; NULL when the order has none on record
  payment_session_id text,
  provider           text,
  amount_agorot      int NOT NULL CHECK (amount_agorot > 0),
  -- sent with every attempt: a retry after a lost answer never refunds twice
  idempotency_key    text NOT NULL UNIQUE,
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts           int NOT NULL DEFAULT 0,
  -- why the last attempt did not go through (a code PresLive names) and the provider's own words
  reason             text,
  detail             text,
  provider_ref       text,
  next_attempt_at    timestamptz NOT NULL DEFAULT now(),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  sent_at            timestamptz
);
CREATE INDEX card_refunds_due ON card_refunds(next_attempt_at) WHERE status = 'pending';
CREATE INDEX card_refunds_reservation ON card_refunds(reservation_id);
CREATE INDEX card_refunds_created ON card_refunds(created_at);

-- The sandbox providers' own ledger (what a real provider keeps on its side): refunds taken, by idempotency key.
CREATE TABLE provider_refunds (
  id              text PRIMARY KEY,
  provider        text NOT NULL,
  session_id      text NOT NULL,
  amount          int NOT NULL CHECK (amount > 0),
  idempotency_key text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_refunds_session ON provider_refunds(session_id);

-- Earlier cancellations promised their card part to a card and nothing sent it: each becomes a pending refund
-- (the housekeeping sends it), and each earlier "to account credit" a credit voucher of its customer.
INSERT INTO card_refunds (cancellation_id, reservation_id, payment_session_id, provider, amount_agorot, idempotency_key, created_at)
SELECT c.id, c.reservation_id, r.payment_session_id, ps.provider, c.card_agorot, 'cancellation-' || c.id, c.created_at
FROM customer_cancellations c JOIN reservations r ON r.id = c.reservation_id
LEFT JOIN payment_sessions ps ON ps.id = r.payment_session_id
WHERE c.card_agorot > 0 AND NOT c.to_credit;

WITH owed AS (SELECT customer_id, sum(card_agorot)::int AS amount FROM customer_cancellations WHERE to_credit AND card_agorot > 0 GROUP BY customer_id),
issued AS (
  INSERT INTO system_voucher_items (reference, system_voucher_id, customer_id, balance, ticket_balance, start_date, end_date)
  SELECT 'CR-' || substr(h, 1, 4) || '-' || substr(h, 5, 4) || '-' || substr(h, 9, 4), 900000, customer_id, amount, 0,
         (now() AT TIME ZONE 'Asia/Jerusalem')::date, ((now() AT TIME ZONE 'Asia/Jerusalem')::date + interval '5 years')::date
  FROM (SELECT o.*, upper(md5(random()::text || clock_timestamp()::text || o.customer_id)) AS h FROM owed o) x
  RETURNING id, customer_id)
UPDATE customer_cancellations c SET credit_item_id = issued.id
FROM issued WHERE c.customer_id = issued.customer_id AND c.to_credit AND c.card_agorot > 0;
INSERT INTO system_voucher_events (item_id, kind, customer_id, reservation_identifier, amount, reservation_id, created_at)
SELECT c.credit_item_id, 'credited', c.customer_id, r.identifier, c.card_agorot, c.reservation_id, c.created_at
FROM customer_cancellations c JOIN reservations r ON r.id = c.reservation_id WHERE c.credit_item_id IS NOT NULL;
