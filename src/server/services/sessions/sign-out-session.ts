/**
 * Signing out (next-auth's sign-out, src/server/auth/next-auth.ts): the session's row ends, so a copy of
 * the cookie taken before is refused on its next request, everywhere. Audited as the user's own act.
 */
import { db } from "~/server/db";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { endUserSessions } from "./end-user-sessions";
import { SESSION_USER_SELECT, userActor } from "./session-user";
import { isUuid } from "~/schemas/fields";

export async function signOutSession(sessionId: string | undefined, sourceIp: string | null): Promise<void> {
  if (!sessionId || !isUuid(sessionId)) return;
  await db.$transaction(async (tx) => {
    const session = await tx.userSession.findUnique({ where: { id: sessionId }, select: { user: { select: SESSION_USER_SELECT } } });
    if (!session) return;
    const ended = await endUserSessions(tx, session.user.id, "sign_out", { onlySessionId: sessionId });
    if (ended === 0) return;
    await recordAuditEntry(tx, userActor(session.user, sourceIp, sessionId), {
      action: "auth.sign_out",
      accountId: session.user.accountId,
      targetType: "user",
      targetId: session.user.id,
      details: { sessionId },
    });
  });
}
