/**
 * The portal's CSV upload as the body of POST /api/v1/batches (docs/integrating.md "Batches"): one
 * template per kind (BATCH_CSV_COLUMNS), a row per order. Amounts are written in naira (`amountNaira`,
 * up to two decimals) and become kobo here; an empty `clientReference` becomes `<batchReference>-<row>`,
 * so confirming the same file twice is still one batch. Blank cells are left out, as a JSON client would
 * leave the field out. Everything else is the batch's own validation (parse-batch.ts), which names
 * problems by the API's fields; `csvColumnOf` turns those names back into the file's columns.
 */
import { parse } from "csv-parse/sync";
import { BATCH_CSV_COLUMNS, MAX_BATCH_ORDERS, type BatchOrderKind } from "~/schemas/batches";
import type { FieldProblem } from "~/server/errors";

export interface BatchCsv {
  /** The body to preview or create the batch with. */
  body: { batchReference: string; orders: Record<string, unknown>[] };
  /** Problems of the file as a whole (`file`): it does not parse, or lacks a column of its kind. */
  problems: FieldProblem[];
}

/** `5000`, `1000.5`, `1000.50` naira → kobo; anything else is passed on for the schema to refuse. */
function kobo(naira: string): number | string {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(naira);
  if (!match) return naira;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The file's column for an API field of an order (`amount` is written in naira). */
export function csvColumnOf(field: string): string {
  return field === "amount" ? "amountNaira" : field;
}

export function readBatchCsv(kind: BatchOrderKind, batchReference: string, text: string): BatchCsv {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    return {
      body: { batchReference, orders: [] },
      problems: [{ name: "file", reason: `is not a CSV file we can read: ${(error as Error).message}` }],
    };
  }
  const columns = BATCH_CSV_COLUMNS[kind];
  const header = new Set(Object.keys(records[0] ?? {}));
  const missing = records.length === 0 ? [] : columns.filter((column) => column !== "clientReference" && !header.has(column));
  if (missing.length > 0) {
    return {
      body: { batchReference, orders: [] },
      problems: [
        { name: "file", reason: `lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} of the ${kind} template` },
      ],
    };
  }
  // The batch's own limit says "at most 5,000"; a far larger file is not turned into orders at all.
  const rows = records.slice(0, MAX_BATCH_ORDERS + 1);
  const orders = rows.map((record, index) => {
    const order: Record<string, unknown> = { kind };
    for (const column of columns) {
      const value = record[column];
      if (value === undefined || value === "") continue;
      if (column === "amountNaira") order.amount = kobo(value);
      else order[column] = value;
    }
    order.clientReference ??= `${batchReference}-${index + 1}`;
    return order;
  });
  return { body: { batchReference, orders }, problems: [] };
}
