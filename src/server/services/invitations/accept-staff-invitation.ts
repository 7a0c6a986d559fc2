/**
 * Using an invitation link (/invite/<token>): the person chooses their name and password, and in one
 * transaction the invitation is marked used and the STAFF user is created, unless the address already
 * has a sign-in here (e-mails are unique across the service, since sign-in is by e-mail).
 *
 * The answer is the same either way (docs/decisions/022-staff-invitations.md): whoever holds the link,
 * the owner who made it included, learns nothing about other accounts' users. The work is the same too:
 * the password is hashed in both cases, and both run the same statements (an insert that does nothing
 * on a taken address rather than a look-up first).
 *
 * Single use under concurrency: claiming is one UPDATE of a pending row, so of any number of uses at
 * once exactly one finds it pending; the rest wait for that one's row lock and then find it used.
 * Unknown, expired, revoked and used links are refused alike, and throttled (invitation-link-attempt.ts).
 * Tested by accept-staff-invitation.test.ts.
 */
import { hashPassword } from "~/server/auth/password";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { acceptInvitationForm, type AcceptInvitationForm } from "~/schemas/invitations";
import { beginInvitationLinkAttempt } from "./invitation-link-attempt";
import { invitationTokenHash, pendingInvitation } from "./invitation-token";

/** Whether or not a user was created: the one answer a link's holder gets. */
export interface InvitationUsed {
  used: true;
}

export function invitationNotPending(): AppError {
  return new AppError(
    "invitation.not_found",
    "This invitation link cannot be used: it may have expired, been revoked or been used already. Ask the account owner for a new one.",
  );
}

export async function acceptStaffInvitation(input: AcceptInvitationForm, context: { sourceIp: string | null }): Promise<InvitationUsed> {
  const { token, name, password } = parseInput(acceptInvitationForm, input);
  const attempt = await beginInvitationLinkAttempt(context.sourceIp);
  const tokenHash = invitationTokenHash(token);
  if (!tokenHash) throw invitationNotPending();
  // Slow on purpose, and done whether or not a user will be created; before the transaction opens.
  const passwordHash = await hashPassword(password);

  const claimed = await db.$transaction(async (tx) => {
    const now = new Date();
    const [invitation] = await tx.staffInvitation.updateManyAndReturn({
      where: { tokenHash, ...pendingInvitation(now) },
      data: { acceptedAt: now },
      select: { id: true, accountId: true, email: true },
    });
    if (!invitation) return null;
    // ON CONFLICT DO NOTHING: a taken address creates nothing, without a look-up whose answer could differ.
    const [created] = await tx.user.createManyAndReturn({
      data: [{ email: invitation.email, name, passwordHash, role: "STAFF", accountId: invitation.accountId }],
      skipDuplicates: true,
      select: { id: true },
    });
    await recordAuditEntry(
      tx,
      { kind: "invitee", email: invitation.email, userId: created?.id ?? null, sourceIp: context.sourceIp },
      {
        action: "invitation.accept",
        accountId: invitation.accountId,
        targetType: "invitation",
        targetId: invitation.id,
        // The audit log is for operators only, who see every account.
        details: { email: invitation.email, userCreated: created !== undefined, ...(created ? { userId: created.id } : {}) },
      },
    );
    return invitation;
  });
  if (!claimed) throw invitationNotPending();
  await attempt.succeeded().catch(() => {});
  return { used: true };
}
