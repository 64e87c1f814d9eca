-- Seat change of an existing reservation (issue 16 item 5, the cart's `modify` block).
-- last_transaction_id: the reservation's current transaction; a seat change must name it (optimistic
-- concurrency: a change made from a stale e-ticket is refused) and gets a new one. Only the e-ticket
-- (its secret document key) reveals it. Set on first use (no per-row default: the sales history is large).
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS last_transaction_id text;
-- Number of seat changes made, for the e-ticket and the staff.
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS seat_changes int NOT NULL DEFAULT 0;
