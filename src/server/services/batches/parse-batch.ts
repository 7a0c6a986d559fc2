/**
 * A batch's body against the schemas (src/schemas/batches.ts: each order is its single purchase's schema
 * with a `kind`), row by row, so that every row's problems are found in one pass and named by their path
 * (`orders[17].phone`), and the rows that parse can be checked against the catalog in the same request
 * (check-batch-orders.ts): a file's mistakes of both kinds are reported at once. The rules are
 * createBatchInput's, which documents the body.
 */
import { z } from "zod";
import { batchOrder, batchReference, MAX_BATCH_ORDERS, type BatchOrder } from "~/schemas/batches";
import type { FieldProblem } from "~/server/errors";
import { invalidInputFromZod } from "~/server/validation/parse-input";

const orderList = z
  .array(z.unknown(), "must be a list of orders")
  .min(1, "must hold at least one order")
  .max(MAX_BATCH_ORDERS, `must hold at most ${MAX_BATCH_ORDERS} orders`);

export interface ParsedBatch {
  /** Null when the reference was refused (see problems). */
  batchReference: string | null;
  /** Each row as parsed, null for a row refused; empty when `orders` is not a list of a size a batch may have. */
  orders: (BatchOrder | null)[];
  problems: FieldProblem[];
}

/**
 * A schema's problems, named under `base` (`orders[17]` + `phone` → `orders[17].phone`): the row by
 * DESIGN.md §7.1's path, its fields as a single purchase's 400 names them.
 */
function problemsUnder(error: z.ZodError, base: string): FieldProblem[] {
  return (invalidInputFromZod(error).fieldErrors ?? []).map(({ name, reason }) => ({
    name: name === "generalErrors" ? base : `${base}.${name}`,
    reason,
  }));
}

export function parseBatch(input: unknown): ParsedBatch {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return {
      batchReference: null,
      orders: [],
      problems: [{ name: "generalErrors", reason: "must be an object with batchReference and orders" }],
    };
  }
  const body = input as { batchReference?: unknown; orders?: unknown };
  const problems: FieldProblem[] = [];
  const reference = batchReference.safeParse(body.batchReference);
  if (!reference.success) problems.push(...problemsUnder(reference.error, "batchReference"));
  const list = orderList.safeParse(body.orders);
  if (!list.success)
    return { batchReference: reference.data ?? null, orders: [], problems: [...problems, ...problemsUnder(list.error, "orders")] };
  const orders = list.data.map((row, index) => {
    const parsed = batchOrder.safeParse(row);
    if (parsed.success) return parsed.data;
    problems.push(...problemsUnder(parsed.error, `orders[${index}]`));
    return null;
  });
  return { batchReference: reference.data ?? null, orders, problems };
}
