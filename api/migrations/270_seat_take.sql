-- One source for the statement that takes seats (issue 15). Until now the conditional upsert was written in
-- holds.ts (UPSERT_HOLD), in seat_hold (migration 003), inline in holdGeneralAdmission and in the enrolment
-- domain's season hold. seat_take is now the only place it is written; every hold path calls it.
--
-- seat_take: holds seats (presentation, section, x, y, ticket group; the arrays are one seat per index) for
-- visit p_uuid until p_exp. Inserts a hold, or takes over a row whose hold expired (or that this visit already
-- holds, keeping its live expiry). A seat held by another visit or sold is left alone and not returned. No
-- read-then-write: the primary key decides. Rows are written in key order, so concurrent multi-seat holds
-- (season seats across events) never deadlock on each other.
-- plpgsql (not sql) so that the statement's plan is cached per connection.
CREATE OR REPLACE FUNCTION seat_take(
  p_uuid text, p_exp timestamptz, p_presentations int[], p_sections int[], p_xs int[], p_ys int[], p_tgs int[])
RETURNS TABLE (o_presentation int, o_section int, o_x int, o_y int, o_expires_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY
  WITH up AS (
    INSERT INTO presentation_seats AS ps (presentation_id, section_id, x, y, status, holder_uuid, expires_at, ticket_group_id)
    SELECT u.p, u.s, u.ux, u.uy, 'held', p_uuid, p_exp, u.utg
    FROM unnest(p_presentations, p_sections, p_xs, p_ys, p_tgs) AS u(p, s, ux, uy, utg)
    ORDER BY u.p, u.s, u.ux, u.uy
    ON CONFLICT (presentation_id, section_id, x, y) DO UPDATE
      SET status = 'held', holder_uuid = EXCLUDED.holder_uuid, reservation_id = NULL, ticket_group_id = EXCLUDED.ticket_group_id,
          created_at = now(),
          expires_at = CASE WHEN ps.holder_uuid = EXCLUDED.holder_uuid AND ps.expires_at > now()
                            THEN ps.expires_at ELSE EXCLUDED.expires_at END
      WHERE ps.status = 'held'
        AND (ps.expires_at < now() OR ps.holder_uuid = EXCLUDED.holder_uuid)
    RETURNING ps.presentation_id, ps.section_id, ps.x, ps.y, ps.expires_at)
  SELECT up.presentation_id, up.section_id, up.x, up.y, up.expires_at FROM up;
END
$$;

-- seat_hold (migration 003) with its upsert replaced by seat_take; signature, outcomes and notify unchanged.
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
  SELECT array_agg(t.o_x), array_agg(t.o_y) INTO v_xs, v_ys
    FROM seat_take(p_uuid, v_exp, array_fill(p_presentation, ARRAY[v_k]), array_fill(p_section, ARRAY[v_k]), p_xs, p_ys, p_tgs) t;
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
