/**
 * Appends to the audit log. Called inside the same database transaction as the change it records, so
 * a change and its audit entry are written together or not at all.
 */
import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import type { AuditAction } from "~/schemas/audit-actions";

export interface AuditEvent {
  /** One of the named actions (src/schemas/audit-actions.ts), so the log can say every entry in words. */
  action: AuditAction;
  accountId?: string | null;
  targetType?: string;
  targetId?: string;
  details?: Prisma.InputJsonValue;
}

/**
 * Whoever used a staff invitation's link: nobody signed in, known only by the address invited (and the
 * user the link created, if it created one). Only the audit log knows this kind; no service acts as it.
 */
export interface InviteeActor {
  kind: "invitee";
  email: string;
  userId: string | null;
  sourceIp: string | null;
}

function describeActor(actor: Actor | InviteeActor) {
  switch (actor.kind) {
    case "cli":
      return { actorType: "OPERATOR_CLI" as const, actorId: null, actorLabel: actor.label, sourceIp: null };
    case "user":
      return { actorType: "USER" as const, actorId: actor.userId, actorLabel: actor.email, sourceIp: actor.sourceIp };
    case "api-key":
      return { actorType: "API_KEY" as const, actorId: actor.apiKeyId, actorLabel: `api-key:${actor.apiKeyId}`, sourceIp: actor.sourceIp };
    case "system":
      return { actorType: "SYSTEM" as const, actorId: null, actorLabel: "system", sourceIp: null };
    case "invitee":
      return { actorType: "USER" as const, actorId: actor.userId, actorLabel: actor.email, sourceIp: actor.sourceIp };
  }
}

export async function recordAuditEntry(tx: DbClient, actor: Actor | InviteeActor, event: AuditEvent): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      ...describeActor(actor),
      action: event.action,
      accountId: event.accountId ?? null,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      details: event.details ?? {},
    },
  });
}
