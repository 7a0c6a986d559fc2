/**
 * Ends a user's open sessions (all of them, or all but the one the change was made from): each ends on
 * its next request, on every process, since every request reads its row (read-active-session.ts).
 * Runs inside the caller's transaction, with the change that ends them.
 */
import type { DbClient } from "~/server/db";

export type SessionEndReason =
  "sign_out" | "signed_out_elsewhere" | "password_changed" | "password_reset" | "two_factor_changed" | "two_factor_reset";

export async function endUserSessions(
  client: DbClient,
  userId: string,
  reason: SessionEndReason,
  options: { keepSessionId?: string; onlySessionId?: string } = {},
): Promise<number> {
  const { count } = await client.userSession.updateMany({
    where: {
      userId,
      endedAt: null,
      ...(options.onlySessionId ? { id: options.onlySessionId } : {}),
      ...(options.keepSessionId ? { NOT: { id: options.keepSessionId } } : {}),
    },
    data: { endedAt: new Date(), endReason: reason },
  });
  return count;
}
