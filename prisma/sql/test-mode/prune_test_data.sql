-- Test mode (docs/integrating.md "Test mode"): test data older than TEST_DATA_RETENTION_DAYS is pruned, one
-- account at a time, under the test wallet's row lock (a test purchase of that account waits a moment;
-- nothing live ever does). Settled test transactions begun before the cutoff go with their ledger
-- entries and vend attempts, and so do the test wallet's older top-ups and resets. The wallet keeps its
-- balance: one ADJUSTMENT entry carries the deleted entries' net amount forward, so the test ledger still
-- adds up to the balance and its latest entry still holds it (what ledger:check proves). Returns how many
-- transactions and ledger entries were deleted. Pending test transactions are kept until settled.
CREATE OR REPLACE FUNCTION prune_test_data(p_account_id uuid, p_before timestamptz, OUT transactions integer, OUT ledger_entries integer)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_balance bigint;
  v_pruned uuid[];
  v_net bigint;
BEGIN
  transactions := 0;
  ledger_entries := 0;
  SELECT balance INTO v_balance FROM wallets WHERE account_id = p_account_id AND NOT livemode FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;

  -- The ids first, so both deletes act on the same transactions even if one settles meanwhile.
  SELECT COALESCE(array_agg(id), '{}') INTO v_pruned FROM transactions
  WHERE account_id = p_account_id AND NOT livemode AND status <> 'PENDING' AND created_at < p_before;

  WITH deleted AS (
    DELETE FROM ledger_entries l
    WHERE l.account_id = p_account_id AND NOT l.livemode
      AND (l.transaction_id = ANY (v_pruned) OR (l.transaction_id IS NULL AND l.created_at < p_before))
    RETURNING l.amount
  )
  SELECT COALESCE(sum(amount), 0), count(*) INTO v_net, ledger_entries FROM deleted;
  -- What points at a transaction goes before it: its vend attempts (their foreign key restricts).
  DELETE FROM vend_attempts WHERE transaction_id = ANY (v_pruned);
  DELETE FROM transactions WHERE id = ANY (v_pruned);

  IF v_net <> 0 THEN
    INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, note)
    VALUES (p_account_id, false, 'ADJUSTMENT', v_net, v_balance, 'pruned test data carried forward');
  END IF;
  transactions := cardinality(v_pruned);
END
$fn$;
