/**
 * The audit log as the operator filtered it, as CSV (written by write-csv.ts, as the invoice and the
 * transactions export are): each entry's action and changes in words, money in naira, and the raw
 * action name and details beside them for a program. Read a page at a time, only as fast as the
 * reader takes it, so a long log holds one page in memory.
 */
import { changeText, describeAudit } from "~/components/audit-summary";
import { actionLabel } from "~/schemas/audit-actions";
import { auditLogFilter, type AuditLogFilter } from "~/schemas/operator-console";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { formatLagosDate, formatLagosDateTime } from "~/server/services/invoices/billing-period";
import { writeCsv, type CsvColumn } from "~/server/services/transactions/write-csv";
import { parseInput } from "~/server/validation/parse-input";
import { auditFilterCondition, selectAuditPage, type AuditCursor, type AuditRow } from "./audit-log-reads";

const COLUMNS: readonly CsvColumn[] = [
  { header: "Date (Africa/Lagos)", kind: "value" },
  { header: "Action", kind: "text" },
  { header: "Summary", kind: "text" },
  { header: "Changes", kind: "text" },
  { header: "By", kind: "id" },
  { header: "From", kind: "id" },
  { header: "Account", kind: "text" },
  { header: "Account ID", kind: "id" },
  { header: "Target", kind: "id" },
  { header: "Action name", kind: "id" },
  { header: "Details (JSON)", kind: "text" },
];

export const AUDIT_CSV_PAGE_SIZE = 1000;

function sourceOf(row: AuditRow): string {
  if (row.source_ip) return row.source_ip;
  return row.actor_type === "OPERATOR_CLI" ? "CLI" : row.actor_type === "SYSTEM" ? "system" : "";
}

function toRecord(row: AuditRow): string[] {
  const described = describeAudit({ action: row.action, targetType: row.target_type, targetId: row.target_id, details: row.details });
  return [
    formatLagosDateTime(row.created_at),
    actionLabel(row.action),
    described.summary,
    described.changes.map(changeText).join("; "),
    row.actor_label,
    sourceOf(row),
    row.account_name ?? "",
    row.account_id ?? "",
    row.target_type && row.target_id ? `${row.target_type} ${row.target_id}` : "",
    row.action,
    JSON.stringify(row.details ?? {}),
  ];
}

export interface AuditLogCsv {
  filename: string;
  chunks: AsyncIterable<string>;
}

/** Validated and refused (not an operator, a bad filter) before any byte is sent; rows are read as the chunks are consumed. */
export async function exportAuditLogCsv(
  actor: Actor,
  input: unknown,
  options: { pageSize?: number; now?: Date } = {},
): Promise<AuditLogCsv> {
  assertOperator(actor);
  const filter: AuditLogFilter = parseInput(auditLogFilter, input);
  const where = auditFilterCondition(filter);
  const pageSize = options.pageSize ?? AUDIT_CSV_PAGE_SIZE;

  async function* pages(): AsyncGenerator<string[][]> {
    let after: AuditCursor | null = null;
    for (;;) {
      const rows = await selectAuditPage(where, after, pageSize);
      yield rows.map(toRecord);
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  return { filename: `audit-log-${formatLagosDate(options.now ?? new Date())}.csv`, chunks: writeCsv(COLUMNS, pages()) };
}
