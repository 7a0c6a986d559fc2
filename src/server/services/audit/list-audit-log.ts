/**
 * The audit log for operators: newest first, optionally narrowed to an account (its id, or part of its
 * name in any case) and to one action. Keyset-paginated on (createdAt, id), the order of the
 * (created_at) and (account_id, created_at) indexes, so a page costs the same deep in a long log and
 * stays stable while new entries arrive.
 */
import type { ActorType } from "~/generated/prisma/enums";
import { Prisma } from "~/generated/prisma/client";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import { listAuditLogInput, type ListAuditLogInput } from "~/schemas/operator-console";
import { containsPattern } from "~/server/services/accounts/contains-pattern";

export interface AuditLogRow {
  id: string;
  createdAt: Date;
  actorType: ActorType;
  actorLabel: string;
  accountId: string | null;
  accountName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Prisma.JsonValue;
  /** Null for the operator CLI and the system, which act from no network address. */
  sourceIp: string | null;
}

export interface AuditLogPage {
  entries: AuditLogRow[];
  nextCursor: string | null;
}

function encodeCursor(row: { createdAt: Date; id: bigint }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: bigint } {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const instant = new Date(createdAt ?? "");
  if (!id || !/^\d{1,19}$/.test(id) || Number.isNaN(instant.getTime())) {
    throw invalidInput([{ name: "cursor", reason: "is not a cursor this page returned" }]);
  }
  return { createdAt: instant, id: BigInt(id) };
}

function accountCondition(account: string): Prisma.Sql {
  if (account === "") return Prisma.sql`TRUE`;
  const byName = Prisma.sql`l.account_id IN (SELECT id FROM accounts WHERE name ILIKE ${containsPattern(account)})`;
  return isUuid(account) ? Prisma.sql`(l.account_id = ${account.toLowerCase()}::uuid OR ${byName})` : byName;
}

interface AuditRow {
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

export async function listAuditLog(actor: Actor, input: ListAuditLogInput = {}): Promise<AuditLogPage> {
  assertOperator(actor);
  const { account, action, cursor, limit } = parseInput(listAuditLogInput, input);
  const after = cursor ? decodeCursor(cursor) : null;

  const rows = await db.$queryRaw<AuditRow[]>`
    SELECT l.id, l.created_at, l.actor_type, l.actor_label, l.account_id::text, a.name AS account_name,
           l.action, l.target_type, l.target_id, l.details, l.source_ip
    FROM audit_log l
    LEFT JOIN accounts a ON a.id = l.account_id
    WHERE ${accountCondition(account)}
      AND (${action}::text = '' OR l.action = ${action}::text)
      AND (${after?.createdAt ?? null}::timestamptz IS NULL
           OR (l.created_at, l.id) < (${after?.createdAt ?? null}::timestamptz, ${after?.id ?? null}::bigint))
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${limit + 1}`;

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id.toString(),
      createdAt: row.created_at,
      actorType: row.actor_type,
      actorLabel: row.actor_label,
      accountId: row.account_id,
      accountName: row.account_name,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      details: row.details,
      sourceIp: row.source_ip,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
