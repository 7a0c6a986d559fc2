/**
 * The audit log's SQL, shared by the console's page (list-audit-log.ts) and its CSV export
 * (export-audit-log-csv.ts): the filter as a WHERE clause and one keyset page, newest first on
 * (created_at, id), the order of the (created_at) and (account_id, created_at) indexes, so a page costs
 * the same deep in a long log and stays stable while new entries arrive.
 */
import type { ActorType } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/db";
import { isUuid } from "~/schemas/fields";
import type { AuditLogFilter } from "~/schemas/operator-console";
import { containsPattern } from "~/server/services/accounts/contains-pattern";
import { lagosInstant } from "~/server/services/transactions/transaction-reads";

export interface AuditRow {
  id: bigint;
  created_at: Date;
  actor_type: ActorType;
  actor_label: string;
  account_id: string | null;
  account_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Prisma.JsonValue;
  source_ip: string | null;
}

export interface AuditCursor {
  createdAt: Date;
  id: bigint;
}

function accountCondition(account: string): Prisma.Sql {
  if (account === "") return Prisma.sql`TRUE`;
  const byName = Prisma.sql`l.account_id IN (SELECT id FROM accounts WHERE name ILIKE ${containsPattern(account)})`;
  return isUuid(account) ? Prisma.sql`(l.account_id = ${account.toLowerCase()}::uuid OR ${byName})` : byName;
}

/** The filter as SQL over `audit_log l`; the dates are Lagos days, `to` inclusive. */
export function auditFilterCondition(filter: AuditLogFilter): Prisma.Sql {
  const conditions = [accountCondition(filter.account)];
  if (filter.action) conditions.push(Prisma.sql`l.action = ${filter.action}::text`);
  if (filter.from) conditions.push(Prisma.sql`l.created_at >= ${lagosInstant(Prisma.sql`${filter.from}::date`)}`);
  if (filter.to) conditions.push(Prisma.sql`l.created_at < ${lagosInstant(Prisma.sql`${filter.to}::date + 1`)}`);
  return Prisma.join(conditions, " AND ");
}

/** Up to `limit` entries older than `after` (from the newest when null), with their account's name. */
export async function selectAuditPage(where: Prisma.Sql, after: AuditCursor | null, limit: number): Promise<AuditRow[]> {
  return db.$queryRaw<AuditRow[]>`
    SELECT l.id, l.created_at, l.actor_type, l.actor_label, l.account_id::text, a.name AS account_name,
           l.action, l.target_type, l.target_id, l.details, l.source_ip
    FROM audit_log l
    LEFT JOIN accounts a ON a.id = l.account_id
    WHERE ${where}
      AND (${after?.createdAt ?? null}::timestamptz IS NULL
           OR (l.created_at, l.id) < (${after?.createdAt ?? null}::timestamptz, ${after?.id ?? null}::bigint))
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${limit}`;
}
