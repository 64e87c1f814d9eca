-- Reservation cancellations by the customer in the customer area (issue 9): what was cancelled,
-- the fee withheld and the refund (agorot), and whether it went to transaction credit.
CREATE TABLE customer_cancellations (
  id              serial PRIMARY KEY,
  reservation_id  int NOT NULL REFERENCES reservations(id) ON DELETE CASCADE,
  customer_id     int NOT NULL REFERENCES customers(id),
  ticket_ids      int[] NOT NULL,
  tickets_agorot  int NOT NULL,
  fee_agorot      int NOT NULL,
  refund_agorot   int NOT NULL,
  to_credit       boolean NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_cancellations_reservation ON customer_cancellations(reservation_id);
