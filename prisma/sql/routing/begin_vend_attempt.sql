-- A new purchase's first attempt (docs/architecture.md "Routes and attempts"), called in the claiming
-- statement itself on the begin function's row (execute-purchase.ts runBeginStatement), so that recording
-- it costs the purchase no statement of its own and it is committed with the claim, before anything is
-- sent. A row the begin function did not create (a replay, a reference another request holds) is returned
-- as it is, unread and unlocked. Otherwise the first route that admits the order is recorded with the
-- request id the order will be sent under; when no route admits it (every route switched off or its circuit
-- open), the purchase fails here, refunded, with p_no_route_reason, and nothing is sent.
CREATE OR REPLACE FUNCTION begin_vend_attempt(
  p_begun purchase_row, p_default_provider text, p_use_routes boolean, p_cooldown interval, p_no_route_reason text
) RETURNS TABLE (purchase purchase_row, attempt jsonb)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  v_transaction transactions;
  v_attempt vend_attempts;
  v_row purchase_row;
BEGIN
  -- Rows are returned by RETURN NEXT of the output columns, not RETURN QUERY: no query of its own to run
  -- (every purchase and every retry comes through here).
  IF NOT p_begun.created THEN
    purchase := p_begun;
    RETURN NEXT;
    RETURN;
  END IF;
  -- Inserted by this same statement: no other can see the row before it commits, so no lock is needed.
  SELECT * INTO v_transaction FROM transactions t WHERE t.id = p_begun.id;
  v_attempt := start_vend_attempt(v_transaction, p_default_provider, p_use_routes, p_cooldown);
  IF v_attempt.id IS NULL THEN
    SELECT * INTO v_row FROM settle_purchase(p_begun.id, 'FAILED', NULL, NULL, p_no_route_reason, interval '0');
    purchase := v_row;
    RETURN NEXT;
    RETURN;
  END IF;
  purchase := p_begun;
  attempt := to_jsonb(v_attempt);
  RETURN NEXT;
END
$fn$;
