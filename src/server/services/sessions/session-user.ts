/**
 * What a portal session knows of its user, and what it still has to do before the portal opens
 * (the gate): choose a new password after signing in with a temporary one, or, for an operator, set up
 * two-factor sign-in. A gated session reaches only the page and procedures of its gate.
 */
import type { Role } from "~/generated/prisma/enums";
import type { Actor } from "~/server/auth/actor";

export type SessionGate = "password_change" | "two_factor_enrolment";

export interface SessionUserRow {
  id: string;
  email: string;
  role: Role;
  accountId: string | null;
  passwordMustChange: boolean;
  totpEnabledAt: Date | null;
}

export const SESSION_USER_SELECT = {
  id: true,
  email: true,
  role: true,
  accountId: true,
  passwordMustChange: true,
  totpEnabledAt: true,
} as const;

/** Sessions last a working day from sign-in: signing in again is cheap, a stolen cookie is not. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

export function sessionGate(user: SessionUserRow): SessionGate | null {
  if (user.passwordMustChange) return "password_change";
  // Two-factor sign-in is required for operators (docs/security.md).
  if (user.role === "OPERATOR" && !user.totpEnabledAt) return "two_factor_enrolment";
  return null;
}

/** The user as the actor of an audit entry about their own sign-in. */
export function userActor(user: SessionUserRow, sourceIp: string | null, sessionId?: string): Extract<Actor, { kind: "user" }> {
  return {
    kind: "user",
    userId: user.id,
    email: user.email,
    role: user.role,
    accountId: user.accountId,
    sourceIp,
    ...(sessionId ? { sessionId } : {}),
  };
}
