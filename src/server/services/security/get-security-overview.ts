/**
 * A person's security page: how they sign in (password last changed, two-factor sign-in and recovery
 * codes left), their active sessions with device and address (this one marked), and the latest
 * security events about them from the audit log: sign-ins, failed sign-ins, sign-outs, password and
 * two-factor changes, whoever made them.
 */
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";

export interface SessionView {
  sessionId: string;
  current: boolean;
  signedInAt: Date;
  lastSeenAt: Date;
  signInIp: string | null;
  lastSeenIp: string | null;
  userAgent: string | null;
  method: string;
}

export interface SecurityEventView {
  at: Date;
  action: string;
  /** Who did it: the person themselves, or an operator, owner or the CLI. */
  by: string;
  sourceIp: string | null;
  details: unknown;
}

export interface SecurityOverview {
  email: string;
  role: string;
  passwordChangedAt: Date | null;
  twoFactor: { enabledAt: Date | null; recoveryCodesLeft: number; required: boolean };
  sessions: SessionView[];
  events: SecurityEventView[];
}

const SECURITY_ACTIONS = ["auth.", "user.password", "user.two_factor", "user.recovery_codes", "user.disable", "user.enable"];

export async function getSecurityOverview(actor: UserActor): Promise<SecurityOverview> {
  const now = new Date();
  const [user, recoveryCodesLeft, sessions, events] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: actor.userId },
      select: { email: true, role: true, passwordChangedAt: true, totpEnabledAt: true },
    }),
    db.recoveryCode.count({ where: { userId: actor.userId, usedAt: null } }),
    db.userSession.findMany({
      where: { userId: actor.userId, endedAt: null, expiresAt: { gt: now } },
      orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }],
      take: 50,
    }),
    db.auditLogEntry.findMany({
      where: { targetType: "user", targetId: actor.userId, OR: SECURITY_ACTIONS.map((prefix) => ({ action: { startsWith: prefix } })) },
      orderBy: { id: "desc" },
      take: 30,
    }),
  ]);
  return {
    email: user.email,
    role: user.role,
    passwordChangedAt: user.passwordChangedAt,
    twoFactor: {
      enabledAt: user.totpEnabledAt,
      recoveryCodesLeft: user.totpEnabledAt ? recoveryCodesLeft : 0,
      required: user.role === "OPERATOR",
    },
    sessions: sessions.map((session) => ({
      sessionId: session.id,
      current: session.id === actor.sessionId,
      signedInAt: session.createdAt,
      lastSeenAt: session.lastSeenAt,
      signInIp: session.signInIp,
      lastSeenIp: session.lastSeenIp,
      userAgent: session.userAgent,
      method: session.method,
    })),
    events: events.map((event) => ({
      at: event.createdAt,
      action: event.action,
      by: event.actorId === actor.userId ? "you" : event.actorLabel,
      sourceIp: event.sourceIp,
      details: event.details,
    })),
  };
}
