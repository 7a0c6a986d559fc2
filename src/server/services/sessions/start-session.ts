/**
 * Opens a portal session once a sign-in has been proven (the password, and a second factor when the
 * user has one): the session row the cookie will name, and the "auth.sign_in" audit entry, together.
 *
 * A temporary password signs in once: the statement that opens the session also spends it, so two
 * sign-ins racing with it cannot both get in. A user's sessions that ended or expired a month ago are
 * deleted here, so the table holds only what the security page shows.
 */
import { db } from "~/server/db";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { SESSION_LIFETIME_MS, userActor, type SessionUserRow } from "./session-user";

export interface SignInContext {
  sourceIp: string | null;
  userAgent: string | null;
}

export type SignInMethod = "password" | "totp" | "recovery_code";

const KEEP_ENDED_SESSIONS_MS = 30 * 24 * 60 * 60 * 1000;

/** The new session's id, or null when a temporary password was spent by another sign-in first. */
export async function startSession(user: SessionUserRow, method: SignInMethod, context: SignInContext): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    if (user.passwordMustChange) {
      const { count } = await tx.user.updateMany({
        where: { id: user.id, passwordMustChange: true, passwordExpiresAt: { gt: now } },
        data: { passwordExpiresAt: now },
      });
      if (count !== 1) return null;
    }
    await tx.userSession.deleteMany({ where: { userId: user.id, expiresAt: { lt: new Date(now.getTime() - KEEP_ENDED_SESSIONS_MS) } } });
    const session = await tx.userSession.create({
      data: {
        userId: user.id,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
        signInIp: context.sourceIp,
        lastSeenIp: context.sourceIp,
        userAgent: context.userAgent?.slice(0, 400) ?? null,
        method,
      },
      select: { id: true },
    });
    await recordAuditEntry(tx, userActor(user, context.sourceIp, session.id), {
      action: "auth.sign_in",
      accountId: user.accountId,
      targetType: "user",
      targetId: user.id,
      details: { method, sessionId: session.id, ...(user.passwordMustChange ? { temporaryPassword: true } : {}) },
    });
    return session.id;
  });
}
