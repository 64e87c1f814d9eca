-- Seat-aware waiting list (issue 9 item 5). A signed-in customer waits for `party_size` seats of a
-- presentation (adjacent only, or any). When seats free up the allocator (one presentation at a time,
-- under an advisory lock) holds seats for the first entry they can serve, under the offer's own visit
-- uuid for 15 minutes, and texts a link; an unclaimed offer expires and the seats pass on.
CREATE TABLE waiting_list_entries (
  id               serial PRIMARY KEY,
  customer_id      int NOT NULL REFERENCES customers(id),
  presentation_id  int NOT NULL REFERENCES presentations(id),
  party_size       int NOT NULL CHECK (party_size BETWEEN 1 AND 10),
  adjacent_only    boolean NOT NULL DEFAULT true,
  status           text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'expired', 'left')),
  offer_uuid       text UNIQUE,
  offer_seats      jsonb,
  offer_expires_at timestamptz,
  lang             text NOT NULL DEFAULT 'he',
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- One live entry per customer and presentation.
CREATE UNIQUE INDEX waiting_list_live ON waiting_list_entries(customer_id, presentation_id) WHERE status IN ('waiting', 'offered');
CREATE INDEX waiting_list_queue ON waiting_list_entries(presentation_id, created_at) WHERE status IN ('waiting', 'offered');
