-- Issue 13 (hardening).
-- One row per visit and presentation that ever held a seat: the client address the holds came from
-- (squatting limits per address) and the hold window's end (re-locking never extends it). Releasing
-- holds does not delete it; the purge drops rows of presentations that have started.
CREATE TABLE hold_visits (
  presentation_id   int NOT NULL,
  holder_uuid       text NOT NULL,
  client_addr       text NOT NULL,
  window_expires_at timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (presentation_id, holder_uuid)
);
CREATE INDEX hold_visits_addr ON hold_visits (presentation_id, client_addr);

-- Staff sign-in attempts are counted per address too (every username), and per username + address.
CREATE INDEX staff_login_attempts_ip ON staff_login_attempts (ip, attempted_at) WHERE NOT success;

-- Hold orders released 30 minutes before the event (spec section 9) are marked, not deleted.
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS released_at timestamptz;

-- A sign-in attempt is recorded (as failed) before its password is checked, and marked successful after.
ALTER TABLE staff_login_attempts ADD COLUMN id bigserial;

-- SMS sent on request (tickets resent), counted per reservation so no one can send unlimited messages.
CREATE TABLE sms_sends (
  key     text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_sends_key ON sms_sends (key, sent_at);
