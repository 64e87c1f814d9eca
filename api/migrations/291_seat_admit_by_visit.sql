-- seat_admit (migration 271) counted the address's held seats with a join the planner may start from either side.
-- With statistics that show few held seats (a quiet hall, a table just emptied, before autovacuum's next ANALYZE)
-- the cached plan scanned every held seat of the presentation on each hold: measured 130 holds/s against 2,000/s
-- with a good plan (issue 12 item 5). The count now always starts from the address's visits (hold_visits_addr) and
-- counts each visit's live holds through presentation_seats_holder: a scalar subquery cannot be turned into a join,
-- so the plan no longer depends on the statistics. Same answer; the visits of one address only cost that address.
CREATE OR REPLACE FUNCTION seat_admit(
  p_presentation int, p_uuid text, p_addr text, p_window_s int, p_max_per_addr int, p_adding int)
RETURNS TABLE (o_window timestamptz, o_admitted boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_window timestamptz;
  v_others int;
BEGIN
  INSERT INTO hold_visits AS hv (presentation_id, holder_uuid, client_addr, window_expires_at)
  VALUES (p_presentation, p_uuid, p_addr, now() + make_interval(secs => p_window_s))
  ON CONFLICT (presentation_id, holder_uuid) DO UPDATE
    SET client_addr = EXCLUDED.client_addr,
        window_expires_at = CASE WHEN hv.window_expires_at > now() THEN hv.window_expires_at ELSE EXCLUDED.window_expires_at END
  RETURNING hv.window_expires_at INTO v_window;
  SELECT coalesce(sum((
           SELECT count(*) FROM presentation_seats ps
            WHERE ps.holder_uuid = hv.holder_uuid AND ps.presentation_id = p_presentation
              AND ps.status = 'held' AND ps.expires_at > now())), 0)::int
    INTO v_others
    FROM hold_visits hv
   WHERE hv.presentation_id = p_presentation AND hv.client_addr = p_addr AND hv.holder_uuid <> p_uuid;
  RETURN QUERY SELECT v_window, v_others + p_adding <= p_max_per_addr;
END
$$;
