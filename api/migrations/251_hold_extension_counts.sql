-- Issue 16 §4 (WCAG 2.2.1): extensions of an order's time, counted per visit and presentation. Releasing
-- the holds (DELETE /seats/holds) keeps the count, so letting seats go and taking them again never
-- resets it; the api refuses the extension after MAX_HOLD_EXTENSIONS (default 10).
CREATE TABLE hold_extension_counts (
  holder_uuid      text NOT NULL,
  presentation_id  int NOT NULL REFERENCES presentations(id) ON DELETE CASCADE,
  count            int NOT NULL DEFAULT 0,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (holder_uuid, presentation_id)
);
