/**
 * GET /api/v1/events: the account's events of the last 30 days, in the order they were recorded, so a
 * reseller whose receiver was down can catch up, or poll instead of receiving webhooks. Test events
 * (POST /webhook-endpoints/{id}/test, or the portal) are not listed.
 *
 * A feed that never skips (issue 31). An event's `createdAt` is when its transaction started, and a
 * transaction can commit long after later ones did; paging by time let such an event land behind a
 * reader who had already passed its time. So the feed is paged by a position, (xact_id, id): the id of
 * the transaction that recorded the event, then its own id; and it lists only events below a mark
 * under which no transaction is still running (`FEED_MARK`). Anything that commits later belongs to a
 * transaction at or above the mark, so it sorts after everything a reader has been shown: a cursor
 * never passes an event that has yet to appear. `since` is turned into a position the same way, the
 * first listed event created at or after it, so a reader polling with the newest `createdAt` it saw
 * misses nothing either (it sees a few events again: they carry the same ids).
 */
import { Prisma } from "~/generated/prisma/client";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, assertOwnerApiKeyOrOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { decodeCursor } from "~/server/services/transactions/transaction-reads";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { listEventsQuery, type ListEventsQuery } from "~/schemas/webhooks";
import { TEST_EVENT_TYPE, toEventEnvelope, type EventEnvelope, type StoredEvent } from "./webhook-event-view";

/** How long events are kept and listed (the worker prunes older ones). */
export const EVENT_RETENTION_DAYS = 30;
const EVENT_ID_SHAPE = /^evt_[0-9a-f]{32}$/;

/** A place in the feed: after every event of a lower transaction id, and of this one with a lower id. */
interface FeedPosition {
  xactId: bigint;
  /** Empty for a mark: every event of transaction `xactId` and above is still to come. */
  id: string;
}

/**
 * The feed's mark: the oldest transaction of this database still running as this statement's snapshot
 * was taken (or, with none, the next transaction id). Every transaction below it has finished, so the
 * events below it are all visible now and no more will ever be added there. Transactions of other
 * databases of the cluster (pg_current_snapshot() lists them too) are left out when pg_stat_activity
 * names their database, so a long one elsewhere does not hold this feed back; one it cannot place
 * (it ended since the snapshot, or its row is hidden) counts as this database's: later, never lost.
 */
const FEED_MARK = Prisma.sql`(
  SELECT COALESCE(
    (SELECT min(running::text::bigint) FROM pg_snapshot_xip(current.snapshot) AS running
     WHERE (running::text::bigint & 4294967295) NOT IN (
       SELECT backend_xid::text::bigint FROM pg_stat_get_activity(NULL::integer)
       WHERE backend_xid IS NOT NULL AND datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))),
    pg_snapshot_xmax(current.snapshot)::text::bigint)
  FROM (SELECT pg_current_snapshot() AS snapshot) current)`;

function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.xactId}|${position.id}`).toString("base64url");
}

/**
 * A cursor of this feed, or one given out before the feed was paged by position (`<createdAt>|<id>`,
 * paged by time): that one resumes at the first event after it in time, which may show a few again.
 */
function decodeFeedCursor(cursor: string): { after: FeedPosition } | { afterTime: { createdAt: Date; id: string } } {
  const [xactId, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (xactId === undefined || !/^\d{1,19}$/.test(xactId)) return { afterTime: decodeCursor(cursor, "this API", EVENT_ID_SHAPE) };
  if (id === undefined || (id !== "" && !EVENT_ID_SHAPE.test(id))) {
    throw invalidInput([{ name: "cursor", reason: "is not a cursor this API returned" }]);
  }
  return { after: { xactId: BigInt(xactId), id } };
}

export async function listWebhookEvents(
  actor: Actor,
  accountIdNamed: string | null,
  query: ListEventsQuery,
): Promise<{ data: EventEnvelope[]; nextCursor: string | null; resumeCursor: string }> {
  const accountId = actingAccountId(actor, accountIdNamed);
  assertOwnerApiKeyOrOperator(actor, accountId);
  const { type, since, limit, cursor } = parseInput(listEventsQuery, query);
  const from = cursor ? decodeFeedCursor(cursor) : null;

  const listed = [
    Prisma.sql`e.account_id = ${accountId}::uuid AND e.livemode = ${actorLivemode(actor)}`,
    Prisma.sql`e.created_at >= now() - make_interval(days => ${EVENT_RETENTION_DAYS})`,
    Prisma.sql`e.type <> ${TEST_EVENT_TYPE}`,
    Prisma.sql`e.xact_id < mark.xact_id`,
    ...(type ? [Prisma.sql`e.type = ${type}`] : []),
  ];
  // Where the page starts. A time (`since`, an old cursor) becomes the position of the first listed
  // event at or after it: what came before it in time but was recorded after it still follows.
  const firstAtOrAfter = (time: Prisma.Sql) => Prisma.sql`(
    SELECT e.xact_id, e.id FROM webhook_events e
    WHERE ${Prisma.join(listed, " AND ")} AND ${time}
    ORDER BY e.xact_id, e.id LIMIT 1)`;
  const start =
    from && "after" in from
      ? Prisma.sql`(e.xact_id, e.id) > (${from.after.xactId}::bigint, ${from.after.id}::text)`
      : from
        ? Prisma.sql`(e.xact_id, e.id) >= ${firstAtOrAfter(
            Prisma.sql`(e.created_at, e.id) > (${from.afterTime.createdAt}::timestamptz, ${from.afterTime.id}::text)`,
          )}`
        : since
          ? Prisma.sql`(e.xact_id, e.id) >= ${firstAtOrAfter(Prisma.sql`e.created_at >= ${new Date(since)}::timestamptz`)}`
          : Prisma.sql`true`;

  const rows = await db.$queryRaw<(StoredEvent & { xact_id: bigint | null; mark: bigint })[]>`
    WITH mark AS (SELECT ${FEED_MARK} AS xact_id)
    SELECT mark.xact_id AS mark, page.*
    FROM mark
    LEFT JOIN LATERAL (
      SELECT e.id, e.type, e.created_at AS "createdAt", e.livemode, e.data, e.xact_id
      FROM webhook_events e
      WHERE ${Prisma.join(listed, " AND ")} AND ${start}
      ORDER BY e.xact_id, e.id
      LIMIT ${limit + 1}
    ) page ON true`;
  const events = rows.filter((row) => row.xact_id !== null);
  const page = events.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = events.length > limit && last ? encodeFeedCursor({ xactId: last.xact_id!, id: last.id }) : null;
  return { data: page.map(toEventEnvelope), nextCursor, resumeCursor: nextCursor ?? resumeAtMark(rows[0]!.mark, from) };
}

/**
 * Where a reader who has seen the last page goes on from: the mark, below which nothing more will
 * appear; never before the cursor it came with (the mark does not move back, but a transaction of
 * another database that could not be placed this time holds it lower than last time).
 */
function resumeAtMark(mark: bigint, from: ReturnType<typeof decodeFeedCursor> | null): string {
  const atMark: FeedPosition = { xactId: mark, id: "" };
  const behind = from && "after" in from && (from.after.xactId > mark || (from.after.xactId === mark && from.after.id > ""));
  return encodeFeedCursor(behind ? from.after : atMark);
}
