/**
 * A refused sign-in of a known user, in the audit log and so on that user's security page: the
 * address it came from and why (a wrong password or code, a disabled user, a spent or expired
 * temporary password). Refusals for unknown e-mails and those the throttle stopped unchecked are only
 * logged: they name nobody, and the throttle already bounds them.
 */
import { db } from "~/server/db";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { userActor, type SessionUserRow } from "./session-user";

export type SignInFailure = "wrong_password" | "wrong_code" | "user_disabled" | "temporary_password_expired";

export async function recordSignInFailure(user: SessionUserRow, sourceIp: string | null, reason: SignInFailure): Promise<void> {
  await recordAuditEntry(db, userActor(user, sourceIp), {
    action: "auth.sign_in_failed",
    accountId: user.accountId,
    targetType: "user",
    targetId: user.id,
    details: { reason },
  });
}
