/**
 * Revoking a pending staff invitation: its link stops working at once. The account's OWNER (or an
 * operator); another account's invitation, and one no longer pending, are "not found" alike
 * (docs/decisions/010-not-found-never-forbidden.md).
 */
import { accountWhere } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { assertMayManageUsers } from "~/server/services/users/find-managed-user";
import { parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import { invitationIdInput, type InvitationIdInput } from "~/schemas/invitations";
import { pendingInvitation } from "./invitation-token";

export async function revokeStaffInvitation(
  actor: Actor,
  input: InvitationIdInput,
  tx?: DbClient,
): Promise<{ invitationId: string; revokedAt: Date }> {
  const { invitationId } = parseInput(invitationIdInput, input);
  assertMayManageUsers(actor);
  const notFound = new AppError("invitation.not_found", "That invitation is no longer pending.");
  if (!isUuid(invitationId)) throw notFound;

  return inTransaction(tx, async (client) => {
    const now = new Date();
    // One statement: of two revocations at once, or a revocation and an acceptance, one wins.
    const [revoked] = await client.staffInvitation.updateManyAndReturn({
      where: { id: invitationId, ...accountWhere(actor), ...pendingInvitation(now) },
      data: { revokedAt: now },
      select: { id: true, accountId: true, email: true },
    });
    if (!revoked) throw notFound;
    await recordAuditEntry(client, actor, {
      action: "invitation.revoke",
      accountId: revoked.accountId,
      targetType: "invitation",
      targetId: revoked.id,
      details: { email: revoked.email },
    });
    return { invitationId: revoked.id, revokedAt: now };
  });
}
