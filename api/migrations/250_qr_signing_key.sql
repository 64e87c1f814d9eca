-- Issue 16: the key that signs e-ticket QR tokens when QR_SIGNING_KEYS is not configured. Generated once
-- by the first api process and shared by all of them (the env keys, when set, take precedence and rotate).
CREATE TABLE qr_signing_keys (
  id          text PRIMARY KEY,
  secret      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
