/**
 * An account's pending staff invitations, for its owner's Team page (or an operator): to whom, the name
 * suggested, who invited and when each link stops working. Never the token (it is not stored) or its
 * hash. Oldest first, as the team list is ordered.
 */
import type { Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { ownerScopedAccountId } from "~/server/services/accounts/owner-scoped-account";
import type { AccountScopeInput } from "~/schemas/account-admin";
import { pendingInvitation } from "./invitation-token";

export interface PendingInvitationView {
  invitationId: string;
  email: string;
  name: string | null;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function listPendingInvitations(
  actor: Actor,
  input: AccountScopeInput,
  client: DbClient = db,
): Promise<PendingInvitationView[]> {
  const accountId = await ownerScopedAccountId(actor, input, client);
  const invitations = await client.staffInvitation.findMany({
    where: { accountId, ...pendingInvitation(new Date()) },
    select: { id: true, email: true, name: true, createdAt: true, expiresAt: true, createdBy: { select: { email: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return invitations.map(({ id, createdBy, ...invitation }) => ({ invitationId: id, invitedBy: createdBy.email, ...invitation }));
}
