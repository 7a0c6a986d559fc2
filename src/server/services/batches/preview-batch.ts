/**
 * The portal's preview of an upload before it is confirmed (docs/integrating.md "Batches"): every row with
 * its problems, as POST /api/v1/batches would name them, and the total against the wallet. The same
 * checks as createBatch (parse-batch.ts, check-batch-orders.ts), so what the preview passes, the batch
 * accepts, unless the catalog, the balance or the references change in between; nothing is written.
 */
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import type { FieldProblem } from "~/server/errors";
import { purchasingParty } from "~/server/services/purchases/execute-purchase";
import { checkBatchOrders } from "./check-batch-orders";
import { parseBatch } from "./parse-batch";

export interface BatchPreviewRow {
  /** The order's index in the batch (0-based). */
  position: number;
  clientReference: string | null;
  /** What it will cost, kobo; 0 for a known reference or a row with problems. */
  price: bigint;
  /** Its reference is already in use: a replay (or a conflict), never charged. */
  knownReference: boolean;
  /** Its problems, by field (`phone`, `planId`; `order` for the row as a whole). */
  problems: FieldProblem[];
}

export interface BatchPreview {
  batchReference: string | null;
  rows: BatchPreviewRow[];
  /** Problems of the upload as a whole (`batchReference`, `orders`). */
  problems: FieldProblem[];
  /** The total the wallet must cover (rows without problems). */
  amount: bigint;
  balance: bigint;
  livemode: boolean;
}

export async function previewBatch(actor: Actor, input: unknown): Promise<BatchPreview> {
  const party = purchasingParty(actor);
  const parsed = parseBatch(input);
  const checked = await checkBatchOrders(party.accountId, party.livemode, parsed);
  const wallet = await db.wallet.findUnique({
    where: { accountId_livemode: { accountId: party.accountId, livemode: party.livemode } },
    select: { balance: true },
  });

  const rows: BatchPreviewRow[] = parsed.orders.map((order, position) => ({
    position,
    clientReference: order?.clientReference ?? null,
    price: checked.prices[position] ?? 0n,
    knownReference: checked.known[position] ?? false,
    problems: [],
  }));
  const problems: FieldProblem[] = [];
  for (const problem of checked.problems) {
    const match = /^orders\[(\d+)\](?:\.(.+))?$/.exec(problem.name);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row) row.problems.push({ name: match?.[2] ?? "order", reason: problem.reason });
    else problems.push(problem);
  }
  const amount = rows.reduce((sum, row) => (row.problems.length === 0 ? sum + row.price : sum), 0n);
  return { batchReference: parsed.batchReference, rows, problems, amount, balance: wallet?.balance ?? 0n, livemode: party.livemode };
}
