-- The portal's search by the start of a recipient (a phone number or customer id, LIKE '0803123%'):
-- at 2,000,000 transactions in one account it walked every row of the account (1.6 s). With
-- text_pattern_ops, so that LIKE can use it whatever the collation. One statement, CONCURRENTLY: see
-- 20261124065233 for why, and what to do if a build fails.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_account_id_recipient_prefix_idx" ON "transactions"("account_id", "recipient" text_pattern_ops);
