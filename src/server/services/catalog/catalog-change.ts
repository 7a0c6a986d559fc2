/**
 * What every catalog edit shares (networks, plans, bill products; issue 16): an edit is merged into the
 * stored row and the result validated whole with the schema a new row is validated with, and every
 * change leaves an audit entry with who, before and after. Nothing here deletes: a row that a
 * transaction may reference is deactivated instead.
 */
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
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

/** How one kind of catalog row is stored: the rest of creating and editing is the same for every kind. */
export interface CatalogKind<Schema extends z.ZodType, Patch extends z.ZodType<{ id: string }>, Stored extends { id: string }> {
  /** "network", "data plan", "bill product": how messages name a row. */
  what: string;
  audit: "network" | "plan" | "bill_product";
  schema: Schema;
  patch: Patch;
  find: (client: DbClient, id: string) => Promise<Stored | null>;
  notFound: (id: string) => AppError;
  insert: (client: DbClient, row: z.output<Schema>) => Promise<Stored>;
  update: (client: DbClient, id: string, row: z.output<Schema>) => Promise<Stored>;
  /** Rules that need the database (the network a plan names exists, ...), checked before the write. */
  check?: (client: DbClient, row: z.output<Schema>, stored: Stored | null) => Promise<void>;
}

/**
 * Operators' create, edit and find-or-404 for one kind of catalog row: validated (an edit merged into
 * the stored row and validated whole), checked, written and audited in one database transaction.
 */
export function catalogWriter<Schema extends z.ZodType, Patch extends z.ZodType<{ id: string }>, Stored extends { id: string }>(
  kind: CatalogKind<Schema, Patch, Stored>,
) {
  async function findOrThrow(client: DbClient, id: string): Promise<Stored> {
    const stored = await kind.find(client, id);
    if (!stored) throw kind.notFound(id);
    return stored;
  }

  async function create(actor: Actor, input: z.input<Schema>, tx?: DbClient): Promise<Stored> {
    assertOperator(actor);
    const row = parseInput(kind.schema, input);
    return inTransaction(tx, async (client) => {
      await kind.check?.(client, row, null);
      const created = await createOrIdTaken(kind.what, (row as { id: string }).id, () => kind.insert(client, row));
      await auditCatalogChange(client, actor, { action: `${kind.audit}.created`, targetId: created.id, before: null, after: created });
      return created;
    });
  }

  async function update(actor: Actor, input: z.input<Patch>, tx?: DbClient): Promise<Stored> {
    assertOperator(actor);
    const patch = parseInput(kind.patch, input);
    return inTransaction(tx, async (client) => {
      const stored = await findOrThrow(client, patch.id);
      const row = mergeEdit(kind.schema, stored, patch);
      // An edit that changes nothing writes nothing and leaves no audit entry.
      if (Object.keys(changedFields(stored, row as object)).length === 0) return stored;
      await kind.check?.(client, row, stored);
      const updated = await kind.update(client, stored.id, row);
      await auditCatalogChange(client, actor, { action: `${kind.audit}.updated`, targetId: updated.id, before: stored, after: updated });
      return updated;
    });
  }

  return { create, update, findOrThrow };
}
