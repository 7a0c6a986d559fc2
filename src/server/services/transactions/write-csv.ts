/**
 * The one way this service writes CSV (the invoice and the portal's export): RFC 4180 by csv-stringify,
 * CRLF records, every cell holding a CR or LF quoted, and cells a spreadsheet would run as a formula
 * (starting with = + - @ tab or CR, or their full-width forms) prefixed with an apostrophe
 * (csv-stringify's escape_formulas, OWASP's advice): references, product names and recipients are
 * typed by people and systems outside this service.
 *
 * Pull-driven: a batch of rows is read and written only when the reader asks for the next chunk, so
 * memory holds one batch whatever the size of the file.
 */
import { stringify } from "csv-stringify/sync";

const CSV_OPTIONS = { record_delimiter: "\r\n", quote_record_delimiter: true, escape_formulas: true } as const;

/** The header chunk, then one chunk per non-empty batch of records. */
export async function* writeCsv(
  header: readonly string[],
  batches: AsyncIterable<string[][]>,
  options: { bom?: boolean } = {},
): AsyncGenerator<string> {
  yield stringify([[...header]], { ...CSV_OPTIONS, bom: options.bom ?? false });
  for await (const records of batches) {
    if (records.length > 0) yield stringify(records, CSV_OPTIONS);
  }
}

/** Rows arriving one at a time (a database cursor) as arrays of up to `size`, for writeCsv. */
export async function* inBatches<T>(rows: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** 123456n → "1234.56": exact, from the integer kobo (never through a float). */
export function nairaText(kobo: bigint): string {
  const sign = kobo < 0n ? "-" : "";
  const absolute = kobo < 0n ? -kobo : kobo;
  return `${sign}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, "0")}`;
}
