-- A purchase settles successful: its debit is now for good.
CREATE OR REPLACE FUNCTION webhook_low_balance_after_settlement() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM record_low_balance_if_crossed(NEW.account_id, NEW.livemode);
  RETURN NULL;
END
$fn$;
-- Named to sort after transactions_webhook_settled: the purchase's event is recorded before the alert.
CREATE OR REPLACE TRIGGER transactions_webhook_settled_low_balance
AFTER UPDATE OF status ON transactions
FOR EACH ROW WHEN (OLD.status = 'PENDING' AND NEW.status = 'SUCCESSFUL')
EXECUTE FUNCTION webhook_low_balance_after_settlement();

-- An adjustment takes money out (an operator's correction, a test wallet reset lower).
CREATE OR REPLACE TRIGGER ledger_entries_webhook_low_balance
AFTER INSERT ON ledger_entries
FOR EACH ROW WHEN (NEW.kind = 'ADJUSTMENT' AND NEW.amount < 0)
EXECUTE FUNCTION webhook_low_balance_after_settlement();
