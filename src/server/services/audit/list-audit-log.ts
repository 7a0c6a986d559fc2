/**
 * The audit log for operators: newest first, optionally narrowed to an account (its id, or part of its
 * name in any case), to one action and to a range of Lagos days. Keyset-paginated (audit-log-reads.ts).
 */
import type { ActorType } from "~/generated/prisma/enums";
import type { Prisma } from "~/generated/prisma/client";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { listAuditLogInput, type ListAuditLogInput } from "~/schemas/operator-console";
import { auditFilterCondition, selectAuditPage } from "./audit-log-reads";

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

export async function listAuditLog(actor: Actor, input: ListAuditLogInput = {}): Promise<AuditLogPage> {
  assertOperator(actor);
  const { cursor, limit, ...filter } = parseInput(listAuditLogInput, input);
  const after = cursor ? decodeCursor(cursor) : null;

  const rows = await selectAuditPage(auditFilterCondition(filter), after, limit + 1);

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
