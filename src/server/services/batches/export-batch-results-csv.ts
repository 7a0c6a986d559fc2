/**
 * The portal's results file of a batch: one row per order in the batch's order, with its status, what
 * was delivered (token, PINs, units, bonus token), its references, and why it failed; written by
 * write-csv.ts like every CSV of this service, a page of orders at a time as the reader consumes it.
 */
import { actingAccountId, OPERATORS_DO_NOT_BUY } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { deliveryCells, DELIVERY_CSV_KINDS, nairaText, writeCsv, type CsvColumn } from "~/server/services/transactions/write-csv";
import { batchNotFound, selectBatchOrders, toBatchTransactionView, type BatchTransactionView } from "./batch-reads";

const COLUMNS: readonly CsvColumn[] = [
  { header: "Line", kind: "value" },
  { header: "Client reference", kind: "id" },
  { header: "Status", kind: "text" },
  { header: "Error", kind: "text" },
  { header: "Reason", kind: "text" },
  { header: "Transaction ID", kind: "id" },
  { header: "Provider reference", kind: "id" },
  { header: "Product", kind: "text" },
  { header: "Recipient", kind: "id" },
  { header: "Amount (NGN)", kind: "value" },
  { header: "Token", kind: DELIVERY_CSV_KINDS[0] },
  { header: "PINs", kind: DELIVERY_CSV_KINDS[1] },
  { header: "Units", kind: DELIVERY_CSV_KINDS[2] },
  { header: "Bonus token", kind: DELIVERY_CSV_KINDS[3] },
];

const PAGE_SIZE = 1000;

function toRecord(order: BatchTransactionView): string[] {
  const transaction = order.transaction;
  return [
    // The line of the uploaded file it came from (the header is line 1).
    String(order.position + 2),
    order.clientReference,
    order.status,
    order.error?.name ?? "",
    order.error?.reason ?? transaction?.failureReason ?? "",
    transaction?.id ?? "",
    transaction?.providerReference ?? "",
    transaction?.productName ?? "",
    transaction?.recipient ?? "",
    transaction ? nairaText(transaction.amount) : "",
    ...deliveryCells({
      token: transaction?.token ?? null,
      pins: transaction?.pins ?? null,
      units: transaction?.units ?? null,
      bonus_token: transaction?.bonusToken ?? null,
    }),
  ];
}

export interface BatchResultsCsv {
  filename: string;
  chunks: AsyncIterable<string>;
}

/** Scoped at once (an unknown batch fails before any byte is sent); the orders are read as the chunks are consumed. */
export async function exportBatchResultsCsv(actor: Actor, batchReference: string): Promise<BatchResultsCsv> {
  const accountId = actingAccountId(actor, undefined, OPERATORS_DO_NOT_BUY);
  const batch = await db.batch.findUnique({
    where: { accountId_livemode_batchReference: { accountId, livemode: actorLivemode(actor), batchReference } },
    select: { id: true },
  });
  if (!batch) throw batchNotFound(batchReference);
  async function* pages(): AsyncGenerator<string[][]> {
    let afterPosition = -1;
    for (;;) {
      const rows = await selectBatchOrders(batch!.id, { afterPosition, limit: PAGE_SIZE });
      if (rows.length === 0) return;
      yield rows.map((row) => toRecord(toBatchTransactionView(row)));
      afterPosition = rows.at(-1)!.position;
    }
  }
  const safeName = batchReference.replace(/[^A-Za-z0-9._-]/g, "_");
  return { filename: `batch-${safeName}-results.csv`, chunks: writeCsv(COLUMNS, pages()) };
}
