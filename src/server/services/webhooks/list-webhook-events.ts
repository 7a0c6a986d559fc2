/**
 * GET /api/v1/events: the account's events of the last 30 days, oldest first, so a reseller whose
 * receiver was down can catch up in the order things happened (keyset-paginated on (createdAt, id);
 * pass `since` to start later). Test events (POST /webhook-endpoints/{id}/test, or the portal) are not listed.
 */
import { Prisma } from "~/generated/prisma/client";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, assertOwnerApiKeyOrOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { decodeCursor, encodeCursor } from "~/server/services/transactions/transaction-reads";
import { parseInput } from "~/server/validation/parse-input";
import { listEventsQuery, type ListEventsQuery } from "~/schemas/webhooks";
import { TEST_EVENT_TYPE, toEventEnvelope, type EventEnvelope, type StoredEvent } from "./webhook-event-view";

/** How long events are kept and listed (the worker prunes older ones). */
export const EVENT_RETENTION_DAYS = 30;
const EVENT_ID_SHAPE = /^evt_[0-9a-f]{32}$/;

export async function listWebhookEvents(
  actor: Actor,
  accountIdNamed: string | null,
  query: ListEventsQuery,
): Promise<{ data: EventEnvelope[]; nextCursor: string | null }> {
  const accountId = actingAccountId(actor, accountIdNamed);
  assertOwnerApiKeyOrOperator(actor, accountId);
  const { type, since, limit, cursor } = parseInput(listEventsQuery, query);
  const after = cursor ? decodeCursor(cursor, "this API", EVENT_ID_SHAPE) : null;

  const conditions = [
    Prisma.sql`account_id = ${accountId}::uuid AND livemode = ${actorLivemode(actor)}`,
    Prisma.sql`created_at >= now() - make_interval(days => ${EVENT_RETENTION_DAYS})`,
    Prisma.sql`type <> ${TEST_EVENT_TYPE}`,
  ];
  if (type) conditions.push(Prisma.sql`type = ${type}`);
  if (since) conditions.push(Prisma.sql`created_at >= ${new Date(since)}::timestamptz`);
  if (after) conditions.push(Prisma.sql`(created_at, id) > (${after.createdAt}::timestamptz, ${after.id})`);
  const rows = await db.$queryRaw<(StoredEvent & { created_at: Date })[]>`
    SELECT id, type, created_at, created_at AS "createdAt", livemode, data
    FROM webhook_events
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY created_at, id
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toEventEnvelope), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
