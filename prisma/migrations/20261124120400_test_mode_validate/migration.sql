-- Test mode: the foreign keys of 20261124120300 checked against every existing row. VALIDATE takes a
-- SHARE UPDATE EXCLUSIVE lock, which purchases (inserts and updates) do not wait for, so it may scan a
-- ten-million-row table while they run.
ALTER TABLE "ledger_entries" VALIDATE CONSTRAINT "ledger_entries_account_id_livemode_fkey";
ALTER TABLE "ledger_entries" VALIDATE CONSTRAINT "ledger_entries_transaction_id_livemode_fkey";
ALTER TABLE "transactions" VALIDATE CONSTRAINT "transactions_api_key_id_livemode_fkey";
