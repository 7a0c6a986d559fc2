/**
 * The check every portal request makes (src/server/auth/next-auth.ts, the jwt callback): the session
 * the cookie names, with its user, if it has not ended, has not expired and its user is not disabled.
 * One primary-key look-up joined to the user; so sign-out, "sign out everywhere", a password change, a
 * reset, a role change and disabling end a session on its next request, on every process and host.
 *
 * Last use (time and address) is written at most once a minute per session, for the security page.
 */
import { db } from "~/server/db";
import { isUuid } from "~/schemas/fields";
import { SESSION_USER_SELECT, sessionGate, type SessionGate, type SessionUserRow } from "./session-user";

export interface ActiveSession {
  sessionId: string;
  signedInAt: Date;
  user: SessionUserRow;
  gate: SessionGate | null;
}

const TOUCH_AFTER_MS = 60_000;

export async function readActiveSession(sessionId: string | undefined, sourceIp: string | null): Promise<ActiveSession | null> {
  if (!sessionId || !isUuid(sessionId)) return null;
  const session = await db.userSession.findUnique({
    where: { id: sessionId },
    select: {
      createdAt: true,
      expiresAt: true,
      endedAt: true,
      lastSeenAt: true,
      lastSeenIp: true,
      user: { select: { ...SESSION_USER_SELECT, disabledAt: true } },
    },
  });
  const now = Date.now();
  if (!session || session.endedAt || session.expiresAt.getTime() <= now || session.user.disabledAt) return null;
  if (now - session.lastSeenAt.getTime() >= TOUCH_AFTER_MS || (sourceIp && sourceIp !== session.lastSeenIp)) {
    await db.userSession.updateMany({ where: { id: sessionId, endedAt: null }, data: { lastSeenAt: new Date(now), lastSeenIp: sourceIp } });
  }
  const { disabledAt: _disabledAt, ...user } = session.user;
  return { sessionId, signedInAt: session.createdAt, user, gate: sessionGate(user) };
}
