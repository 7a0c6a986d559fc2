-- GET /api/v1/events never skips an event (issue 31): a reader's position must never pass an event
-- that has not committed yet. `created_at` is when the recording transaction started, so an event that
-- commits late used to land behind readers that had already paged past its time. Each event now
-- carries its recording transaction's id, and the feed lists, in (xact_id, id) order, only events below
-- the oldest transaction still running (list-webhook-events.ts): whatever commits later has an id at
-- or above that mark, so it sorts after everything a reader has been shown.
--
-- In two steps so the table is not rewritten under a lock that purchases (whose triggers insert here)
-- would queue behind: a constant default is stored once and read for every existing row (0: they sort
-- first, in id order, which is time order); the volatile default then applies to new rows only.
ALTER TABLE "webhook_events" ADD COLUMN "xact_id" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "webhook_events" ALTER COLUMN "xact_id" SET DEFAULT (pg_current_xact_id())::text::bigint;
