/**
 * Signing out elsewhere, from the security page: one of one's own sessions (another device), or all
 * of them, this one included ("Sign out everywhere"). Each ends on its next request, everywhere.
 */
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { endUserSessions } from "~/server/services/sessions/end-user-sessions";
import { isUuid } from "~/schemas/fields";
import { parseInput } from "~/server/validation/parse-input";
import { endSessionInput, type EndSessionInput } from "~/schemas/security";

/** `sessionId` absent: every session, this one too. */
export async function endOwnSessions(actor: UserActor, input: Partial<EndSessionInput> = {}): Promise<{ ended: number }> {
  const sessionId = input.sessionId === undefined ? undefined : parseInput(endSessionInput, input).sessionId;
  if (sessionId !== undefined && !isUuid(sessionId)) throw new AppError("session.not_found", "No such session of yours.");
  return db.$transaction(async (tx) => {
    const ended = await endUserSessions(
      tx,
      actor.userId,
      sessionId === undefined ? "signed_out_elsewhere" : "sign_out",
      sessionId ? { onlySessionId: sessionId } : {},
    );
    if (sessionId !== undefined && ended === 0)
      throw new AppError("session.not_found", "No such session of yours, or it has ended already.");
    await recordAuditEntry(tx, actor, {
      action: sessionId === undefined ? "auth.sign_out_everywhere" : "auth.session_end",
      accountId: actor.accountId,
      targetType: "user",
      targetId: actor.userId,
      details: sessionId === undefined ? { ended } : { sessionId },
    });
    return { ended };
  });
}
