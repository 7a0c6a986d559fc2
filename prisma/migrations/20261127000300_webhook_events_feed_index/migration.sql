-- The events feed's order (20261127000200): an account's events of one mode by (xact_id, id).
--
-- Built CONCURRENTLY, so purchases go on while it is built on a large table (README "Performance at
-- volume"). CONCURRENTLY cannot run inside a transaction block, and PostgreSQL runs a migration file
-- of several statements as one implicit transaction: so this file holds this one statement and
-- nothing else. A failed build leaves an INVALID index behind: drop it (DROP INDEX CONCURRENTLY), mark
-- the migration rolled back (npm run prisma -- migrate resolve --rolled-back <name>), deploy again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "webhook_events_feed_idx" ON "webhook_events"("account_id", "livemode", "xact_id", "id");
