-- Group commit of the hold path (issue 12 item 5). Concurrent single-seat holds that reach one api process while
-- its previous batch is still in the database are sent together: one statement, one transaction, one commit
-- for all of them, instead of a round trip, a statement and a commit each. Each hold is still seat_hold_admitted,
-- in arrival order (the first of two visits asking for one seat gets it; a visit's later hold sees its earlier
-- one); the rows come back tagged with the hold's position. Only single-seat holds are batched: a larger one
-- may end in seat_hold_partial, which would roll back its neighbours (holds.ts holdBatch).
CREATE OR REPLACE FUNCTION seat_hold_admitted_batch(
  p_presentations int[], p_sections int[], p_uuids text[], p_addrs text[], p_window_s int[], p_max_per_addr int[],
  p_adding int[], p_xs int[], p_ys int[], p_tgs int[], p_max int[], p_channel text, p_events text[], p_async boolean)
RETURNS TABLE (o_i int, o_outcome text, o_x int, o_y int, o_expires_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_async THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  FOR i IN 1 .. coalesce(cardinality(p_uuids), 0) LOOP
    RETURN QUERY SELECT i, h.o_outcome, h.o_x, h.o_y, h.o_expires_at
      FROM seat_hold_admitted(p_presentations[i], p_sections[i], p_uuids[i], p_addrs[i], p_window_s[i], p_max_per_addr[i],
                              p_adding[i], ARRAY[p_xs[i]], ARRAY[p_ys[i]], ARRAY[p_tgs[i]], p_max[i], p_channel, p_events[i], false) h;
  END LOOP;
END
$$;
