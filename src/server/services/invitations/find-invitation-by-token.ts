/**
 * What the invitation page (/invite/<token>) shows before anything is submitted: the account's name and
 * the address invited, for a pending invitation; null for any other link, whatever the reason (unknown,
 * expired, revoked, used), so the page has one neutral answer. Throttled as sign-in is
 * (invitation-link-attempt.ts). No session is needed: the token is the proof.
 */
import { db } from "~/server/db";
import { invitationTokenHash, pendingInvitation } from "./invitation-token";
import { beginInvitationLinkAttempt } from "./invitation-link-attempt";

export interface InvitationForInvitee {
  accountName: string;
  email: string;
  /** The name the owner suggested, for the form to start from. */
  suggestedName: string | null;
  expiresAt: Date;
}

export async function findInvitationByToken(token: string, context: { sourceIp: string | null }): Promise<InvitationForInvitee | null> {
  const attempt = await beginInvitationLinkAttempt(context.sourceIp);
  const tokenHash = invitationTokenHash(token);
  const invitation = tokenHash
    ? await db.staffInvitation.findFirst({
        where: { tokenHash, ...pendingInvitation(new Date()) },
        select: { email: true, name: true, expiresAt: true, account: { select: { name: true } } },
      })
    : null;
  if (!invitation) return null;
  await attempt.succeeded().catch(() => {});
  return { accountName: invitation.account.name, email: invitation.email, suggestedName: invitation.name, expiresAt: invitation.expiresAt };
}
