-- Customer sign-in abuse limits and session lifetimes (issue 9). Every limit is counted in these tables,
-- so all api processes share them; counting and inserting happen under a per-key advisory lock.

-- One row per code sent (or, for a number that is not a customer's, per code that would have been sent):
-- the per-number and per-address send limits count these.
CREATE TABLE customer_sms_sends (
  id            bigserial PRIMARY KEY,
  mobile_number text NOT NULL,
  address       text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_sms_sends_mobile ON customer_sms_sends(mobile_number, created_at);
CREATE INDEX customer_sms_sends_address ON customer_sms_sends(address, created_at);

-- One row per wrong code: the per-number hourly limit counts these across resends (a new code never resets it).
CREATE TABLE customer_login_failures (
  id            bigserial PRIMARY KEY,
  mobile_number text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_login_failures_mobile ON customer_login_failures(mobile_number, created_at);

-- Idle timeout (last_seen_at) and the CSRF double-submit token of each session.
ALTER TABLE customer_sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE customer_sessions ADD COLUMN csrf_token text NOT NULL DEFAULT '';
