-- Wrong guesses of codes, coupons, vouchers, member numbers and partner references (lib/guesses.ts), counted
-- per client address in the database so the several api processes of a production site share one budget
-- (they were counted in each process's memory: N processes allowed N × the budget). A row is written when a
-- lookup starts and deleted when it answers anything but "not found".
CREATE TABLE guess_failures (
  id        bigserial PRIMARY KEY,
  addr      text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guess_failures_addr ON guess_failures (addr, failed_at);
