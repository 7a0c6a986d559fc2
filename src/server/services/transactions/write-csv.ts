/**
 * The one way this service writes CSV (the invoice and the portal's export), made to open correctly by
 * double-click in Excel and LibreOffice, with no import wizard, and to stay machine-readable:
 *
 * - UTF-8 with a byte-order mark: without it Excel and LibreOffice read the bytes as their legacy code
 *   page ("–" became "â€“").
 * - RFC 4180 by csv-stringify, CRLF records, every cell holding a CR or LF quoted.
 * - Each column says what it holds, and that decides how a cell is written:
 *   - `id` (references, recipients, ids, addresses: typed by people and systems outside this service,
 *     compared character by character): a text formula `="…"` with inner quotes doubled. Both
 *     spreadsheets evaluate it to exactly that text, so "08031234567", "0012" and "1E5" stay as sent
 *     instead of becoming numbers, and "-ref" or "=1+1" are a string literal, never run, with no
 *     apostrophe added. Values a formula cannot carry (Excel allows at most 255 characters in a string
 *     literal; line breaks) fall back to `text`.
 *   - `text` (product names and other free text): as is, but a cell a spreadsheet would run as a
 *     formula (starting with = + - @ tab or CR, or their full-width forms, which Apple Numbers reads
 *     alike) is prefixed with an apostrophe (OWASP's advice; csv-stringify's escape_formulas list).
 *   - `value` (numbers and dates this service formats itself): as is, so a spreadsheet reads a number
 *     and a column sum works.
 *
 * Pull-driven: a batch of rows is read and written only when the reader asks for the next chunk, so
 * memory holds one batch whatever the size of the file.
 */
import { stringify } from "csv-stringify/sync";
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import type { ServiceCode } from "~/schemas/services";

export type CsvCellKind = "id" | "text" | "value";
export interface CsvColumn {
  header: string;
  kind: CsvCellKind;
}

const CSV_OPTIONS = { record_delimiter: "\r\n", quote_record_delimiter: true } as const;
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);
/** Excel refuses a formula whose string literal is longer than this. */
const MAX_TEXT_FORMULA_LITERAL = 255;

function guardedText(value: string): string {
  return FORMULA_START.has(value.charAt(0)) ? `'${value}` : value;
}

/** A cell as a spreadsheet should show it; csv-stringify then quotes it for the file. */
export function csvCell(kind: CsvCellKind, value: string): string {
  if (value === "" || kind === "value") return value;
  if (kind === "id" && value.length <= MAX_TEXT_FORMULA_LITERAL && !/[\r\n]/.test(value)) return `="${value.replaceAll('"', '""')}"`;
  return guardedText(value);
}

/** The header chunk (after the byte-order mark), then one chunk per non-empty batch of records. */
export async function* writeCsv(columns: readonly CsvColumn[], batches: AsyncIterable<string[][]>): AsyncGenerator<string> {
  yield stringify([columns.map((column) => guardedText(column.header))], { ...CSV_OPTIONS, bom: true });
  for await (const records of batches) {
    if (records.length > 0)
      yield stringify(
        records.map((record) => record.map((value, index) => csvCell(columns[index]?.kind ?? "text", value))),
        CSV_OPTIONS,
      );
  }
}

/**
 * Undoes csvCell's `="…"` for a program reading the file (docs/integrating.md "Invoices" tells machine readers
 * to do the same): the text a spreadsheet shows.
 */
export function unwrapTextFormula(cell: string): string {
  const match = /^="((?:[^"]|"")*)"$/s.exec(cell);
  return match ? match[1]!.replaceAll('""', '"') : cell;
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

/** What a transaction's row opens with in both CSVs: when (Lagos time), its three references and its service. */
export function transactionLeadingCells(row: {
  lagos_time: string;
  id: string;
  client_reference: string;
  provider_reference: string | null;
  service: ServiceCode;
}): string[] {
  return [row.lagos_time, row.id, row.client_reference, row.provider_reference ?? "", SERVICE_LABELS[row.service]];
}

/** What was delivered, as the four cells that close a transaction's row in both CSVs (docs/integrating.md "What was delivered"). */
export const DELIVERY_CSV_KINDS = ["id", "id", "text", "id"] as const satisfies readonly CsvCellKind[];

/**
 * The token, the PINs, the units and the bonus token. PINs are written `serial:pin` (a PIN alone when the
 * card has no serial), several joined by "; ", in the order sold.
 */
export function deliveryCells(row: {
  token: string | null;
  pins: readonly { serial: string | null; pin: string }[] | null;
  units: string | null;
  bonus_token: string | null;
}): string[] {
  const pins = (row.pins ?? []).map((card) => (card.serial ? `${card.serial}:${card.pin}` : card.pin)).join("; ");
  return [row.token ?? "", pins, row.units ?? "", row.bonus_token ?? ""];
}
