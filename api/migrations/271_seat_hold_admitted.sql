-- The hold path in one round trip (issue 12 item 5): the squatting admission (squat.ts, issue 13) and the hold
-- were two statements, the first committed durably. Both now run in one autocommit statement (holds are
-- ephemeral, so with p_async the commit is asynchronous, as seat_hold's).
--
-- seat_admit: records the visit's hold window for a presentation (opened by its first hold, kept while open,
-- never restarted by releasing and re-locking) and its client address; returns the window's end and whether
-- the address may hold `p_adding` more seats (the seats the address's other visits hold now, counted up to the
-- limit only, plus p_adding, at most p_max_per_addr). The one source of squat.ts admitHold.
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
  SELECT count(*)::int INTO v_others FROM (
    SELECT 1 FROM presentation_seats ps JOIN hold_visits hv
      ON hv.presentation_id = ps.presentation_id AND hv.holder_uuid = ps.holder_uuid
    WHERE ps.presentation_id = p_presentation AND hv.client_addr = p_addr AND ps.status = 'held' AND ps.expires_at > now()
      AND ps.holder_uuid <> p_uuid
    LIMIT greatest(p_max_per_addr - p_adding + 1, 0)) o;
  RETURN QUERY SELECT v_window, v_others + p_adding <= p_max_per_addr;
END
$$;

-- seat_admit (of p_adding seats, as the request counts them) then seat_hold, in one statement: outcome 'limit' (nothing held, the window recorded) when the
-- address may not hold more; otherwise seat_hold's outcomes, its default expiry being the visit's window.
CREATE OR REPLACE FUNCTION seat_hold_admitted(
  p_presentation int, p_section int, p_uuid text, p_addr text, p_window_s int, p_max_per_addr int, p_adding int,
  p_xs int[], p_ys int[], p_tgs int[], p_max int, p_channel text, p_event text, p_async boolean)
RETURNS TABLE (o_outcome text, o_x int, o_y int, o_expires_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_window timestamptz;
  v_admitted boolean;
BEGIN
  IF p_async THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  SELECT a.o_window, a.o_admitted INTO v_window, v_admitted
    FROM seat_admit(p_presentation, p_uuid, p_addr, p_window_s, p_max_per_addr, p_adding) a;
  IF NOT v_admitted THEN
    RETURN QUERY SELECT 'limit'::text, NULL::int, NULL::int, NULL::timestamptz;
    RETURN;
  END IF;
  RETURN QUERY SELECT h.o_outcome, h.o_x, h.o_y, h.o_expires_at
    FROM seat_hold(p_presentation, p_section, p_uuid, v_window, p_xs, p_ys, p_tgs, p_max, NULL, p_channel, p_event, false) h;
END
$$;
