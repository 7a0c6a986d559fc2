/**
 * The signed-in portal user as an Actor, for server components, route handlers and the tRPC context.
 *
 * The cookie names a session row; next-auth's jwt callback (next-auth.ts) reads that row and its user
 * on every request (read-active-session.ts), so signing out, a password change or reset, disabling
 * and a change of role or account take effect on the session's next request rather than when the
 * cookie expires, on every process.
 *
 * A session may be gated (session-user.ts): signed in with a temporary password, or an operator
 * without two-factor sign-in. getSessionActor answers null for it, so every page, procedure and
 * download refuses it as signed out; getSignedInSession gives the gate to the few places that serve it.
 *
 * It is also the one place the portal's mode is decided (docs/integrating.md "Test mode"): the "Test data" switch
 * is a cookie, and an account user who has it on gets an actor with `livemode: false`, which every
 * service reads through actorLivemode. Operators always work live, whatever their browser sends.
 */
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { cache } from "react";
import { env } from "~/env";
import type { Actor } from "~/server/auth/actor";
import { authOptions } from "~/server/auth/next-auth";
import { servedOverTls } from "~/server/http/security-headers";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import type { SessionGate } from "~/server/services/sessions/session-user";

export type UserActor = Extract<Actor, { kind: "user" }>;

/**
 * The "Test data" cookie, set by POST /api/portal/mode to the id of the user who switched (off, there
 * is no cookie): it survives signing out, and whoever signs in next in that browser starts live. Secure exactly when next-auth's cookies are (an
 * https NEXTAUTH_URL), and then `__Host-` prefixed as next-auth's CSRF cookie is, so a sibling subdomain
 * cannot set it for us and put someone into test mode unasked.
 */
export function testDataCookie(): { name: string; secure: boolean } {
  const secure = servedOverTls(env.NEXTAUTH_URL);
  return { name: `${secure ? "__Host-" : ""}rp_mode`, secure };
}

/**
 * One cookie's value from a Cookie request header. Read from the headers rather than next/headers'
 * cookies(): this module already reads them, and the tests that call getSessionActor outside Next.js
 * stand in for headers() only.
 */
function cookieValue(cookieHeader: string | null, name: string): string | undefined {
  for (const pair of cookieHeader?.split(";") ?? []) {
    const separator = pair.indexOf("=");
    if (separator !== -1 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

export interface SignedInSession {
  actor: UserActor;
  /** What the session must do before the portal opens; null: nothing, it is a full session. */
  gate: SessionGate | null;
}

/**
 * Cached per server render: a layout and its page render in parallel and both need the actor (the page
 * cannot rely on the layout's redirect having happened), but one lookup per request is enough.
 */
export const getSignedInSession = cache(async function getSignedInSession(): Promise<SignedInSession | null> {
  const session = await getServerSession(authOptions);
  // A 500, not "signed out": the session exists, but the database could not confirm it (next-auth.ts).
  if (session?.unreadable) throw new Error("The portal session could not be checked.");
  const user = session?.user;
  if (!user?.id || !user.sessionId) return null;

  // Set by src/bin/server.ts on every request (overwriting anything a client sent); absent only when
  // Next.js runs without our server, e.g. `next dev` on its own.
  const requestHeaders = await headers();
  const sourceIp = requestHeaders.get(SOURCE_ADDRESS_HEADER);
  const actor: UserActor = {
    kind: "user",
    userId: user.id,
    email: user.email,
    role: user.role,
    accountId: user.accountId,
    sourceIp,
    sessionId: user.sessionId,
  };
  const testData = cookieValue(requestHeaders.get("cookie"), testDataCookie().name) === user.id;
  // Only account users have a test wallet; an operator's view of an account is always its live one.
  if (testData && user.role !== "OPERATOR") actor.livemode = false;
  return { actor, gate: user.gate };
});

/** The signed-in user of a full (ungated) session, else null. */
export async function getSessionActor(): Promise<UserActor | null> {
  const session = await getSignedInSession();
  return session && session.gate === null ? session.actor : null;
}

/** Where a signed-in session belongs: its gate's page (session-user.ts), or the dashboard. */
export const GATE_PAGES: Record<SessionGate, string> = {
  password_change: "/sign-in/new-password",
  two_factor_enrolment: "/sign-in/two-factor-setup",
};
