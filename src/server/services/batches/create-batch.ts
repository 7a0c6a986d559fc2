/**
 * POST /api/v1/batches (DESIGN.md §7.1) and the portal's CSV upload: accepts a batch of purchases to be
 * bought in the background by the batch workers (batch-worker.ts), never inside the request.
 *
 * In the contract's order: the body's schema (400, every row's problems by path, apiRoute or parseInput);
 * a known batchReference (the same orders: the stored batch again, a replay; other orders: 409); each
 * row's catalog problems (400, check-batch-orders.ts); then 402 unless the wallet covers the batch's total
 * now. Nothing is reserved: money moves per order as each is bought, through the same purchase functions
 * as a single purchase, so a wallet drained meanwhile stops the batch (record_batch_order_outcome.sql).
 *
 * The batch and its orders are one statement: two requests with one batchReference, on any number of
 * processes, make one batch (the unique index decides; the other request replays it or gets 409).
 */
import { createHash } from "node:crypto";
import type { BatchOrder } from "~/schemas/batches";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { purchasingParty } from "~/server/services/purchases/execute-purchase";
import { invalidInput } from "~/server/validation/parse-input";
import { batchIdCondition, selectBatches, toBatchView, type BatchView } from "./batch-reads";
import { checkBatchOrders } from "./check-batch-orders";
import { parseBatch } from "./parse-batch";

export interface CreatedBatch {
  batch: BatchView;
  /** True when the batchReference was known with the same orders: the stored batch is returned. */
  replay: boolean;
}

/** Keys in a fixed order at every depth, so one order is one text however its object was built. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The orders as validated (phones normalised, unknown fields dropped), so a resend in another spelling is the same batch. */
function ordersFingerprint(orders: BatchOrder[]): string {
  return createHash("sha256").update(canonicalJson(orders)).digest("hex");
}

/** The single purchase's body of an order: its fields without `kind` and a bill's `service`. */
function purchaseBody(order: BatchOrder): Record<string, unknown> {
  if (order.kind === "bill") {
    const { kind: _kind, service: _service, ...body } = order;
    return body;
  }
  const { kind: _kind, ...body } = order;
  return body;
}

async function storedBatch(accountId: string, livemode: boolean, batchReference: string) {
  const [row] = await db.batch.findMany({
    where: { accountId, livemode, batchReference },
    select: { id: true, ordersFingerprint: true },
  });
  return row ?? null;
}

async function replayOrConflict(
  stored: { id: string; ordersFingerprint: string },
  fingerprint: string,
  batchReference: string,
): Promise<CreatedBatch> {
  if (stored.ordersFingerprint !== fingerprint) {
    throw new AppError(
      "batch.idempotency_conflict",
      `batchReference '${batchReference}' was already used for a batch of other orders. Use a new batchReference for a new batch.`,
    );
  }
  const [row] = await selectBatches(batchIdCondition(stored.id), { limit: 1 });
  return { batch: { ...toBatchView(row!), idempotentReplay: true }, replay: true };
}

/**
 * `input`: the body as sent (createBatchInput documents it); every problem of every row is reported at
 * once, schema and catalog alike (parse-batch.ts, check-batch-orders.ts).
 */
export async function createBatch(actor: Actor, input: unknown): Promise<CreatedBatch> {
  const party = purchasingParty(actor);
  const parsed = parseBatch(input);
  const { batchReference } = parsed;
  // A batch already accepted under this reference is answered before its orders are checked again: a
  // retry is a replay even if a product has since left the catalog.
  if (batchReference !== null && parsed.problems.length === 0) {
    const stored = await storedBatch(party.accountId, party.livemode, batchReference);
    if (stored) return replayOrConflict(stored, ordersFingerprint(parsed.orders as BatchOrder[]), batchReference);
  }
  const checked = await checkBatchOrders(party.accountId, party.livemode, parsed);
  if (checked.problems.length > 0 || batchReference === null) throw invalidInput(checked.problems);
  const orders = parsed.orders as BatchOrder[];
  const fingerprint = ordersFingerprint(orders);

  const wallet = await db.wallet.findUnique({
    where: { accountId_livemode: { accountId: party.accountId, livemode: party.livemode } },
    select: { balance: true },
  });
  const balance = wallet?.balance ?? 0n;
  if (balance < checked.amount) {
    throw new AppError(
      "wallet.insufficient_funds",
      `The wallet balance of ${balance} kobo does not cover this batch's total of ${checked.amount} kobo. Nothing was accepted.`,
    );
  }

  const rows = orders.map((order, position) => ({
    position,
    kind: order.kind.toUpperCase(),
    service_path: order.kind === "bill" ? order.service : null,
    client_reference: order.clientReference,
    body: purchaseBody(order),
    price: checked.prices[position]!.toString(),
    known_reference: checked.known[position]!,
  }));
  const [created] = await db.$queryRaw<{ id: string }[]>`
    WITH batch AS (
      INSERT INTO batches (account_id, livemode, batch_reference, orders_fingerprint, order_count, amount,
                           channel, api_key_id, user_id, source_ip)
      VALUES (${party.accountId}::uuid, ${party.livemode}, ${batchReference}, ${fingerprint}, ${orders.length}, ${checked.amount},
              ${party.channel}::"Channel", ${party.apiKeyId}::uuid, ${party.userId}::uuid, ${party.sourceIp})
      ON CONFLICT (account_id, livemode, batch_reference) DO NOTHING
      RETURNING id
    ), orders AS (
      INSERT INTO batch_orders (batch_id, position, account_id, kind, service_path, client_reference, body, price, known_reference)
      SELECT batch.id, o.position, ${party.accountId}::uuid, o.kind::"BatchOrderKind", o.service_path, o.client_reference,
             o.body, o.price, o.known_reference
      FROM batch, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS o(position integer, kind text, service_path text, client_reference text, body jsonb, price bigint, known_reference boolean)
      ORDER BY o.position
    )
    SELECT id FROM batch`;
  if (!created) {
    // Another request with this batchReference made its batch first.
    const winner = await storedBatch(party.accountId, party.livemode, batchReference);
    if (!winner) throw new Error(`batch '${batchReference}' was neither inserted nor found`);
    return replayOrConflict(winner, fingerprint, batchReference);
  }
  const [row] = await selectBatches(batchIdCondition(created.id), { limit: 1 });
  return { batch: toBatchView(row!), replay: false };
}
