/**
 * Reading batches: the one module the batch services (REST, portal, results CSV, the worker) take their
 * batch SQL from, and where a batch and its orders become the contract's objects (src/schemas/batches.ts).
 *
 * A batch's counts come from the database function batch_progress (prisma/sql/batches), the same one
 * that decides when it completes; a completed batch is read from the figures written when it completed,
 * which are also what its batch.completed event carries (webhook-event-view.ts shapes that snapshot with toBatchView).
 */
import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import type { batch, batchTransaction } from "~/schemas/batches";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { invalidInput } from "~/server/validation/parse-input";
import {
  purchaseRowFromJson,
  purchaseRowJson,
  toTransactionView,
  type PurchaseRowJson,
  type TransactionView,
} from "~/server/services/purchases/transaction-view";

/** The contract's Batch with money as bigint kobo, as TransactionView keeps it. */
export type BatchView = Omit<z.infer<typeof batch>, "amount" | "spent"> & { amount: bigint; spent: bigint };

export type BatchTransactionView = Omit<z.infer<typeof batchTransaction>, "transaction"> & { transaction: TransactionView | null };

/** A batches row as SQL names it, with its progress (null for a completed batch: its final figures are in the row). */
export interface BatchRow {
  id: string;
  account_id: string;
  livemode: boolean;
  batch_reference: string;
  status: "ACCEPTED" | "RUNNING" | "COMPLETED";
  order_count: number;
  amount: bigint;
  stopped_reason: string | null;
  created_at: Date;
  completed_at: Date | null;
  successful_count: number | null;
  failed_count: number | null;
  spent: bigint | null;
  progress: { successful: number; failed: number; pending: number; spent: bigint } | null;
}

export function toBatchView(row: BatchRow): BatchView {
  const progress = row.progress ?? {
    successful: row.successful_count ?? 0,
    failed: row.failed_count ?? 0,
    pending: 0,
    spent: row.spent ?? 0n,
  };
  return {
    id: row.id,
    batchReference: row.batch_reference,
    status: row.status.toLowerCase() as BatchView["status"],
    counts: { total: row.order_count, pending: progress.pending, successful: progress.successful, failed: progress.failed },
    amount: row.amount,
    spent: progress.spent,
    stoppedReason: row.stopped_reason,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    livemode: row.livemode,
  };
}

export function batchNotFound(batchReference: string): AppError {
  return new AppError("batch.not_found", `No batch with batchReference '${batchReference}'.`);
}

/** One account's batches of one mode (as transactions are kept apart, docs/architecture.md "Test mode in the database"). */
export function batchAccountCondition(accountId: string, livemode: boolean): Prisma.Sql {
  return Prisma.sql`b.account_id = ${accountId}::uuid AND b.livemode = ${livemode}`;
}

/** One batch by its id (the caller has scoped it). */
export function batchIdCondition(batchId: string): Prisma.Sql {
  return Prisma.sql`b.id = ${batchId}::uuid`;
}

/** Batches matching `where` (alias `b`), newest first, with their progress; `before` pages by (created_at, id). */
export async function selectBatches(where: Prisma.Sql, options: { limit: number; before?: { createdAt: Date; id: string } | null }) {
  const before = options.before
    ? Prisma.sql`AND (b.created_at, b.id) < (${options.before.createdAt}::timestamptz, ${options.before.id}::uuid)`
    : Prisma.empty;
  type Progress = NonNullable<BatchRow["progress"]>;
  const rows = await db.$queryRaw<(Omit<BatchRow, "progress"> & { progress: (Omit<Progress, "spent"> & { spent: string }) | null })[]>`
    SELECT b.id, b.account_id, b.livemode, b.batch_reference, b.status, b.order_count, b.amount, b.stopped_reason,
           b.created_at, b.completed_at, b.successful_count, b.failed_count, b.spent,
           (SELECT json_build_object('successful', p.successful, 'failed', p.failed, 'pending', p.pending, 'spent', p.spent::text)
            FROM batch_progress(b.id) p WHERE b.status <> 'COMPLETED') AS progress
    FROM batches b
    WHERE ${where} ${before}
    ORDER BY b.created_at DESC, b.id DESC
    LIMIT ${options.limit}`;
  return rows.map((row): BatchRow => ({ ...row, progress: row.progress && { ...row.progress, spent: BigInt(row.progress.spent) } }));
}

export interface BatchOrderRow {
  position: number;
  kind: "DATA" | "AIRTIME" | "BILL";
  service_path: string | null;
  client_reference: string;
  /** The order as accepted (the single purchase's fields). */
  body: Record<string, unknown>;
  state: "QUEUED" | "RUNNING" | "DONE";
  error_name: string | null;
  error_reason: string | null;
  transaction: PurchaseRowJson | null;
}

export function toBatchTransactionView(row: BatchOrderRow): BatchTransactionView {
  const transaction = row.transaction ? toTransactionView(purchaseRowFromJson(row.transaction)) : null;
  const status: BatchTransactionView["status"] = transaction ? transaction.status : row.state === "DONE" ? "failed" : "pending";
  return {
    position: row.position,
    kind: row.kind.toLowerCase() as BatchTransactionView["kind"],
    clientReference: row.client_reference,
    status,
    error: row.error_name === null ? null : { name: row.error_name, reason: row.error_reason ?? "" },
    transaction,
  };
}

/** A page of a batch's orders in the batch's order, each with its transaction. */
export async function selectBatchOrders(batchId: string, options: { afterPosition: number; limit: number }): Promise<BatchOrderRow[]> {
  return db.$queryRaw<BatchOrderRow[]>`
    SELECT o.position, o.kind::text AS kind, o.service_path, o.client_reference, o.body, o.state::text AS state,
           o.error_name, o.error_reason, CASE WHEN t.id IS NULL THEN NULL ELSE ${purchaseRowJson("t")} END AS transaction
    FROM batch_orders o
    LEFT JOIN transactions t ON t.id = o.transaction_id
    WHERE o.batch_id = ${batchId}::uuid AND o.position > ${options.afterPosition}
    ORDER BY o.position
    LIMIT ${options.limit}`;
}

/** The listing's cursor: the last position of the page, opaque to clients. */
export function encodeBatchCursor(position: number): string {
  return Buffer.from(`position:${position}`).toString("base64url");
}

export function decodeBatchCursor(cursor: string | undefined): number {
  if (cursor === undefined) return -1;
  const match = /^position:(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw invalidInput([{ name: "cursor", reason: "is not a cursor this API returned" }]);
  return Number(match[1]);
}
