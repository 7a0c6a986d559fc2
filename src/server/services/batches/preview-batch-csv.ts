/**
 * The portal's preview of an uploaded CSV before it is confirmed: the file read as a batch
 * (read-batch-csv.ts), checked as POST /api/v1/batches checks it (preview-batch.ts), with each problem
 * named by the file's line and column, and the total against the balance. Nothing is written.
 */
import { batchCsvUpload } from "~/schemas/batches";
import type { Actor } from "~/server/auth/actor";
import type { FieldProblem } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { previewBatch } from "./preview-batch";
import { csvColumnOf, readBatchCsv } from "./read-batch-csv";

export interface BatchCsvPreviewRow {
  /** The file's line: the header is line 1, the first order line 2. */
  line: number;
  clientReference: string | null;
  /** By the file's column (`phone`, `amountNaira`; `order` for the row as a whole). */
  problems: { column: string; reason: string }[];
}

export interface BatchCsvPreview {
  batchReference: string;
  /** Orders in the file. */
  orderCount: number;
  /** Only the rows with problems, in the file's order. */
  rowsWithProblems: BatchCsvPreviewRow[];
  /** Problems of the upload as a whole (`file`, `batchReference`, `orders`). */
  problems: FieldProblem[];
  /** Rows whose reference is already in use: replays or conflicts, never charged. */
  knownReferences: number;
  /** What the rows without problems cost, kobo, and the wallet's balance now. */
  amount: bigint;
  balance: bigint;
  livemode: boolean;
}

export async function previewBatchCsv(actor: Actor, input: unknown): Promise<BatchCsvPreview> {
  const { kind, batchReference, csv } = parseInput(batchCsvUpload, input);
  const read = readBatchCsv(kind, batchReference, csv);
  const preview = await previewBatch(actor, read.body);
  return {
    batchReference,
    orderCount: read.body.orders.length,
    rowsWithProblems: preview.rows
      .filter((row) => row.problems.length > 0)
      .map((row) => ({
        line: row.position + 2,
        clientReference: row.clientReference,
        problems: row.problems.map((problem) => ({ column: csvColumnOf(problem.name), reason: problem.reason })),
      })),
    problems: [...read.problems, ...preview.problems],
    knownReferences: preview.rows.filter((row) => row.knownReference).length,
    amount: preview.amount,
    balance: preview.balance,
    livemode: preview.livemode,
  };
}
