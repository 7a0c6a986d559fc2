/**
 * What every catalog edit shares (networks, plans, bill products; issue 16): an edit is merged into the
 * stored row and the result validated whole with the schema a new row is validated with, and every
 * change leaves an audit entry with who, before and after. Nothing here deletes: a row that a
 * transaction may reference is deactivated instead.
 */
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { isUniqueViolation } from "~/server/db/is-unique-violation";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";

/** A row as the audit log stores it: JSON has no bigint, so money is written as a string of kobo. */
export function auditSnapshot(row: object): Prisma.InputJsonObject {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, typeof value === "bigint" ? value.toString() : (value as Prisma.InputJsonValue)]),
  );
}

/** The fields whose values differ, each as { before, after }: what the audit log shows of an edit. */
type AuditValue = Prisma.InputJsonValue | null;

export function changedFields(before: object, after: object): Record<string, { before: AuditValue; after: AuditValue }> {
  const previous = auditSnapshot(before) as Record<string, AuditValue | undefined>;
  const next = auditSnapshot(after) as Record<string, AuditValue | undefined>;
  const changes: Record<string, { before: AuditValue; after: AuditValue }> = {};
  for (const key of Object.keys(next)) {
    if (previous[key] !== next[key]) changes[key] = { before: previous[key] ?? null, after: next[key] ?? null };
  }
  return changes;
}

/**
 * The stored row with the patch applied, validated as a whole: "min ≤ max" and "retail ⇒ retail price"
 * hold whichever field an edit changed. `undefined` in the patch means "unchanged".
 */
export function mergeEdit<S extends z.ZodType>(schema: S, stored: object, patch: object): z.output<S> {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return parseInput(schema, { ...stored, ...defined });
}

/** Creates a row, answering a taken id with 409 catalog.id_taken instead of a database error. */
export async function createOrIdTaken<T>(what: string, id: string, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("catalog.id_taken", `A ${what} with id '${id}' already exists. Edit it instead.`);
    throw error;
  }
}

export interface CatalogAudit {
  action: `${"network" | "plan" | "bill_product"}.${"created" | "updated"}`;
  targetId: string;
  before: object | null;
  after: object;
}

export async function auditCatalogChange(client: DbClient, actor: Actor, change: CatalogAudit): Promise<void> {
  await recordAuditEntry(client, actor, {
    action: change.action,
    targetType: change.action.slice(0, change.action.indexOf(".")),
    targetId: change.targetId,
    details: change.before === null ? { after: auditSnapshot(change.after) } : { changes: changedFields(change.before, change.after) },
  });
}
