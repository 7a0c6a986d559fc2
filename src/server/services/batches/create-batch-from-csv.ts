/**
 * The portal's "Confirm": the uploaded CSV (read-batch-csv.ts) accepted as a batch by createBatch, as
 * the signed-in user (channel PORTAL), with the same checks and answers as POST /api/v1/batches. A file
 * that does not read as a batch of its kind is a 400 on `file`.
 */
import { batchCsvUpload } from "~/schemas/batches";
import type { Actor } from "~/server/auth/actor";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { createBatch, type CreatedBatch } from "./create-batch";
import { readBatchCsv } from "./read-batch-csv";

export async function createBatchFromCsv(actor: Actor, input: unknown): Promise<CreatedBatch> {
  const { kind, batchReference, csv } = parseInput(batchCsvUpload, input);
  const read = readBatchCsv(kind, batchReference, csv);
  if (read.problems.length > 0) throw invalidInput(read.problems);
  return createBatch(actor, read.body);
}
