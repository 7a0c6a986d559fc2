-- The delivery worker's claim (deliver-webhooks.ts) as a function, so that it can carry its own planner
-- settings (issue 31). A queue table's statistics are always out of date: its rows turn from pending
-- to done by the thousand between two ANALYZEs. Told that a handful of deliveries are due, PostgreSQL
-- chose to fetch every due delivery (a bitmap scan), check each one's order among its endpoint's and
-- subject's, sort them all and keep the first few: 13 ms for a claim of 16 with 2,500 due, most of a
-- delivery's database CPU, and growing with the backlog. Without bitmap scans and sorts the only plan
-- left walks the due index in order and stops at the limit, whatever the statistics say.
--
-- The same staleness once made the NOT EXISTS below a join that read the whole pending-only order index
-- for every candidate (statistics taken when nothing was pending: 38-48 ms a claim of 16 with 10,000
-- due, docs/performance.md "Webhook delivery"). OFFSET 0 keeps it a subplan, which PostgreSQL can only
-- run as a probe of that index by endpoint and subject, a few pages per candidate.
--
-- Claims up to p_limit due deliveries (the oldest pending one of each endpoint and subject), leases
-- them for p_lease_seconds, and returns what sending them needs.
CREATE OR REPLACE FUNCTION claim_webhook_deliveries(p_limit integer, p_lease_seconds double precision)
RETURNS TABLE (
  id bigint, attempts integer, throttled_attempts integer, first_attempt_at timestamptz, event_id text,
  type text, created_at timestamptz, livemode boolean, data jsonb, endpoint_id uuid, url text, enabled boolean,
  secret text, previous_secret text, previous_secret_expires_at timestamptz
)
LANGUAGE sql
SET enable_bitmapscan = off
SET enable_sort = off
AS $fn$
  WITH due AS (
    SELECT d.id FROM webhook_deliveries d
    WHERE d.status = 'pending' AND d.next_attempt_at <= now()
      AND (d.leased_until IS NULL OR d.leased_until < now())
      AND NOT EXISTS (
        SELECT 1 FROM webhook_deliveries earlier
        WHERE earlier.endpoint_id = d.endpoint_id AND earlier.subject_id = d.subject_id
          AND earlier.status = 'pending' AND earlier.id < d.id
        OFFSET 0)
    ORDER BY d.next_attempt_at, d.id
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  ), claimed AS (
    UPDATE webhook_deliveries d SET leased_until = now() + make_interval(secs => p_lease_seconds)
    FROM due WHERE d.id = due.id
    RETURNING d.id, d.attempts, d.throttled_attempts, d.first_attempt_at, d.event_id, d.endpoint_id
  )
  SELECT c.id, c.attempts, c.throttled_attempts, c.first_attempt_at, c.event_id, e.type, e.created_at, e.livemode,
         e.data, c.endpoint_id, p.url, p.enabled, p.secret, p.previous_secret, p.previous_secret_expires_at
  FROM claimed c
  JOIN webhook_events e ON e.id = c.event_id
  JOIN webhook_endpoints p ON p.id = c.endpoint_id
$fn$;
