/**
 * An account OWNER invites a STAFF user (docs/security.md "Staff invitations"): an invitation to the
 * address, and a link with a fresh token, shown to the owner once, for them to pass on. Operators do
 * not invite: they add users directly (create-user.ts).
 *
 * The answer never depends on another account's users: this reads the owner's own team and their own
 * account's invitations, and nothing else (docs/decisions/022-staff-invitations.md). Whether the address
 * has a sign-in elsewhere is decided only when the link is used, with one answer either way
 * (accept-staff-invitation.ts). Tested by create-staff-invitation.test.ts.
 */
import type { Actor } from "~/server/auth/actor";
import { actingAccountId } from "~/server/auth/account-scope";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { inviteStaffInput, type InviteStaffInput } from "~/schemas/invitations";
import { INVITATION_LIFETIME_MS, invitationTokenHash, newInvitationToken, pendingInvitation } from "./invitation-token";

export interface StaffInvitationCreated {
  invitationId: string;
  email: string;
  name: string | null;
  expiresAt: Date;
  /** The link's secret (the page builds the link on its own origin): shown this once, never stored. */
  token: string;
}

/** The owner who invites; anyone else is refused. */
function invitingOwner(actor: Actor): Extract<Actor, { kind: "user" }> {
  if (actor.kind === "user" && actor.role === "OWNER") return actor;
  throw new AppError(
    "forbidden",
    actor.kind === "cli" || (actor.kind === "user" && actor.role === "OPERATOR")
      ? "Operators add users directly; invitations are for account owners."
      : "Only the account owner may invite staff.",
  );
}

export async function createStaffInvitation(actor: Actor, input: InviteStaffInput, tx?: DbClient): Promise<StaffInvitationCreated> {
  const { accountId: named, email, name } = parseInput(inviteStaffInput, input);
  const owner = invitingOwner(actor);
  const accountId = actingAccountId(owner, named);
  const token = newInvitationToken();
  const tokenHash = invitationTokenHash(token)!;

  return inTransaction(tx, async (client) => {
    const account = await findAccountOrThrow(client, accountId);
    // "Check, then insert" made safe against two invitations of one address at once. NO KEY UPDATE: it
    // does not wait for, or hold up, the purchases whose rows refer to the account.
    await client.$executeRaw`SELECT 1 FROM accounts WHERE id = ${accountId}::uuid FOR NO KEY UPDATE`;
    // The account's own people only: whether the address signs in anywhere else is not read here.
    if (await client.user.findFirst({ where: { accountId, email }, select: { id: true } })) {
      throw new AppError("invitation.already_on_team", `${email} is already on the team of ${account.name}.`, [
        { name: "email", reason: `is already on the team of ${account.name}` },
      ]);
    }
    const now = new Date();
    const pending = await client.staffInvitation.findFirst({
      where: { accountId, email, ...pendingInvitation(now) },
      select: { id: true },
    });
    if (pending) {
      throw new AppError("invitation.pending", `${email} has already been invited, and the invitation is still pending.`, [
        { name: "email", reason: "has a pending invitation: revoke it to invite them again" },
      ]);
    }
    const invitation = await client.staffInvitation.create({
      data: {
        accountId,
        email,
        name: name ?? null,
        role: "STAFF",
        tokenHash,
        createdById: owner.userId,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      },
    });
    await recordAuditEntry(client, owner, {
      action: "invitation.create",
      accountId,
      targetType: "invitation",
      targetId: invitation.id,
      details: { email, expiresAt: invitation.expiresAt.toISOString() },
    });
    return { invitationId: invitation.id, email, name: invitation.name, expiresAt: invitation.expiresAt, token };
  });
}
