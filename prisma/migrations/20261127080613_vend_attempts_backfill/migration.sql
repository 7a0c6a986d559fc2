-- Purchases made before vend attempts were recorded (20261127040000_upstream_routing) have a provider
-- reference on transactions but no attempt, and the provider-reference search now reads vend_attempts. The
-- next migration gives each one attempt (docs/architecture.md "Why the queues are tables"), in batches that
-- commit, by this procedure; 20261127080615 drops it.
--
-- The attempt says what is known: the transaction's status (DELIVERED, FAILED, or PENDING for one still
-- waiting, so the reference a later settlement writes lands on it too), request id, cost and provider
-- reference; its provider is transactions.provider, else the sandbox for a test purchase (test mode always
-- vends there), else 'unrecorded': such a live purchase went to the VEND_PROVIDER of its day, which the
-- database never knew. No route, so a requery or callback of it still goes to today's VEND_PROVIDER, as
-- it did before (attemptOrder). A purchase that failed before reaching an upstream has no reference and
-- gets no attempt. Walked in id order, so each batch is one range of the primary key.
CREATE PROCEDURE vend_attempts_backfill(p_batch integer DEFAULT 10000)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_after uuid := '00000000-0000-0000-0000-000000000000';
  v_last uuid;
BEGIN
  LOOP
    SELECT id INTO v_last FROM (
      SELECT id FROM transactions WHERE id > v_after ORDER BY id LIMIT p_batch
    ) batch ORDER BY id DESC LIMIT 1;
    EXIT WHEN v_last IS NULL;
    INSERT INTO vend_attempts (transaction_id, attempt_number, provider, upstream_request_id, cost, status,
                               provider_reference, created_at, answered_at)
    SELECT t.id, 1, COALESCE(t.provider, CASE WHEN t.livemode THEN 'unrecorded' ELSE 'sandbox' END),
           COALESCE(t.upstream_request_id, replace(t.id::text, '-', '')), t.cost,
           CASE t.status WHEN 'SUCCESSFUL' THEN 'DELIVERED' WHEN 'FAILED' THEN 'FAILED' ELSE 'PENDING' END::"VendAttemptStatus",
           t.provider_reference, t.created_at, t.completed_at
    FROM transactions t
    WHERE t.id > v_after AND t.id <= v_last
      AND (t.provider_reference IS NOT NULL OR t.status = 'PENDING')
      AND NOT EXISTS (SELECT 1 FROM vend_attempts a WHERE a.transaction_id = t.id)
    ON CONFLICT DO NOTHING;
    COMMIT;
    v_after := v_last;
  END LOOP;
END
$fn$;
