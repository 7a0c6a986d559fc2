-- Any part of a recipient (a phone number's last four digits, a meter number) or of a customer's name,
-- for the portal's searches and the operators' search of every account (docs/architecture.md "How the
-- portal searches"). A trigram index: its posting lists are ordered by row position, so a new purchase
-- adds at their ends. One statement, CONCURRENTLY, alone in its file: purchases go on while it builds
-- (docs/architecture.md "Migrations on a big database"; a failed build leaves an INVALID index: drop it
-- CONCURRENTLY, resolve the migration as rolled back, deploy again).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "transactions_search_trgm_idx" ON "transactions" USING GIN ("recipient" gin_trgm_ops, "customer_name" gin_trgm_ops);
