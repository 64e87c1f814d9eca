-- The hold path (api/src/domains/seats/holds.ts), made cheaper:
-- 1. The single-seat-gap check reads the live seats of one row of a section (presentation_id, section_id,
--    y = ANY(...)). The primary key (presentation_id, section_id, x, y) narrows that only to the whole
--    section; this index finds the row directly.
CREATE INDEX IF NOT EXISTS presentation_seats_row ON presentation_seats (presentation_id, section_id, y);

-- 2. seat_hold: a whole reserved-seat hold as one autocommit statement (one round trip), doing what the
--    transactional path does in BEGIN … COMMIT:
--    - takes the visit's advisory lock on the presentation (one visit's holds are taken one at a time; each
--      statement below takes its snapshot after the lock is granted, so it sees the visit's previous hold);
--    - p_mine (optional): the visit's live holds as the caller saw them when it checked the rules (same
--      text as holds.ts MY_HOLDS `fp`); when they changed since, returns 'stale' and writes nothing (the
--      caller then takes the transactional path);
--    - maxSeats: returns 'max' when the visit would hold more than p_max seats;
--    - the conditional upsert (same statement as holds.ts UPSERT_HOLD; the primary key decides, no
--      read-then-write); all or nothing: none taken → 'taken', some but not all → raises seat_hold_partial
--      (rolling the statement back);
--    - NOTIFY p_event on p_channel in the same transaction, when given.
--    Holds are ephemeral: with p_async the commit is asynchronous (SET LOCAL synchronous_commit = off).
CREATE OR REPLACE FUNCTION seat_hold(
  p_presentation int, p_section int, p_uuid text, p_default_exp timestamptz,
  p_xs int[], p_ys int[], p_tgs int[], p_max int, p_mine text, p_channel text, p_event text, p_async boolean)
RETURNS TABLE (o_outcome text, o_x int, o_y int, o_expires_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_n int;
  v_exp timestamptz;
  v_mine text;
  v_already int;
  v_k int := cardinality(p_xs);
  v_xs int[];
  v_ys int[];
BEGIN
  IF p_async THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext(p_uuid), p_presentation);
  SELECT count(*)::int, min(ps.expires_at),
         coalesce(string_agg(ps.section_id || '_' || ps.x || '_' || ps.y, ',' ORDER BY ps.section_id, ps.x, ps.y), ''),
         count(*) FILTER (WHERE ps.section_id = p_section
                            AND EXISTS (SELECT 1 FROM unnest(p_xs, p_ys) AS u(ux, uy) WHERE u.ux = ps.x AND u.uy = ps.y))::int
    INTO v_n, v_exp, v_mine, v_already
    FROM presentation_seats ps
   WHERE ps.presentation_id = p_presentation AND ps.holder_uuid = p_uuid AND ps.status = 'held' AND ps.expires_at > now();
  IF p_mine IS NOT NULL AND p_mine <> v_mine THEN
    RETURN QUERY SELECT 'stale'::text, NULL::int, NULL::int, NULL::timestamptz;
    RETURN;
  END IF;
  IF v_n + v_k - v_already > p_max THEN
    RETURN QUERY SELECT 'max'::text, NULL::int, NULL::int, NULL::timestamptz;
    RETURN;
  END IF;
  v_exp := coalesce(v_exp, p_default_exp);
  WITH up AS (
    INSERT INTO presentation_seats AS ps (presentation_id, section_id, x, y, status, holder_uuid, expires_at, ticket_group_id)
    SELECT p_presentation, p_section, u.ux, u.uy, 'held', p_uuid, v_exp, u.utg
    FROM unnest(p_xs, p_ys, p_tgs) AS u(ux, uy, utg)
    ON CONFLICT (presentation_id, section_id, x, y) DO UPDATE
      SET status = 'held', holder_uuid = EXCLUDED.holder_uuid, reservation_id = NULL, ticket_group_id = EXCLUDED.ticket_group_id,
          created_at = now(),
          expires_at = CASE WHEN ps.holder_uuid = EXCLUDED.holder_uuid AND ps.expires_at > now()
                            THEN ps.expires_at ELSE EXCLUDED.expires_at END
      WHERE ps.status = 'held'
        AND (ps.expires_at < now() OR ps.holder_uuid = EXCLUDED.holder_uuid)
    RETURNING ps.x, ps.y
  )
  SELECT array_agg(up.x), array_agg(up.y) INTO v_xs, v_ys FROM up;
  IF coalesce(cardinality(v_xs), 0) = 0 THEN
    RETURN QUERY SELECT 'taken'::text, NULL::int, NULL::int, NULL::timestamptz;
    RETURN;
  END IF;
  IF cardinality(v_xs) <> v_k THEN
    RAISE EXCEPTION 'seat_hold_partial' USING ERRCODE = 'P0001';
  END IF;
  IF p_event IS NOT NULL THEN
    PERFORM pg_notify(p_channel, p_event);
  END IF;
  RETURN QUERY SELECT 'ok'::text, u.ux, u.uy, v_exp FROM unnest(v_xs, v_ys) AS u(ux, uy);
END
$$;
