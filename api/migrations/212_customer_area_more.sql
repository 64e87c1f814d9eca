-- Customer area, second part (issue 9): password sign-in, system-voucher history, video-on-demand plays.

-- POST /customer/login (email + password): only a scrypt hash "salt:hash" is kept; NULL = no password sign-in.
ALTER TABLE customers ADD COLUMN password_hash text;
CREATE UNIQUE INDEX customers_email_lower ON customers(lower(email)) WHERE email IS NOT NULL AND password_hash IS NOT NULL;

-- What happened to a system voucher besides redemptions (issued, cancelled, marked for replacement).
CREATE TABLE system_voucher_events (
  id          serial PRIMARY KEY,
  item_id     int NOT NULL REFERENCES system_voucher_items(id),
  kind        text NOT NULL CHECK (kind IN ('cancelled', 'replacement')),
  customer_id int REFERENCES customers(id),
  reservation_identifier text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX system_voucher_events_item ON system_voucher_events(item_id);

-- One row per play of a bought video-on-demand ticket (the play count and the last playback).
CREATE TABLE vod_plays (
  id          bigserial PRIMARY KEY,
  ticket_id   int NOT NULL REFERENCES reservation_tickets(id) ON DELETE CASCADE,
  customer_id int NOT NULL REFERENCES customers(id),
  played_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vod_plays_ticket ON vod_plays(ticket_id);
