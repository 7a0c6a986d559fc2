/**
 * The signed-in portal user as an Actor, for server components, route handlers and the tRPC context.
 *
 * The JWT says who signed in; the database says whether they still may. Each call re-reads the user
 * (one primary-key lookup) so that disabling a user, or changing their role or account, takes effect
 * on their next request rather than when the cookie expires.
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
import { db } from "~/server/db";
import { servedOverTls } from "~/server/http/security-headers";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";

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

/**
 * Cached per server render: a layout and its page render in parallel and both need the actor (the page
 * cannot rely on the layout's redirect having happened), but one lookup per request is enough.
 */
export const getSessionActor = cache(async function getSessionActor(): Promise<UserActor | null> {
  const session = await getServerSession(authOptions);
  const userId = session?.user?.id;
  if (!userId) return null;

  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, role: true, accountId: true, disabledAt: true, sessionsValidFrom: true },
  });
  if (!user || user.disabledAt) return null;
  if (user.sessionsValidFrom && (session.user.signedInAt ?? 0) < user.sessionsValidFrom.getTime()) return null;

  // Set by src/bin/server.ts on every request (overwriting anything a client sent); absent only when
  // Next.js runs without our server, e.g. `next dev` on its own.
  const requestHeaders = await headers();
  const sourceIp = requestHeaders.get(SOURCE_ADDRESS_HEADER);
  const actor: UserActor = { kind: "user", userId: user.id, email: user.email, role: user.role, accountId: user.accountId, sourceIp };
  const testData = cookieValue(requestHeaders.get("cookie"), testDataCookie().name) === user.id;
  // Only account users have a test wallet; an operator's view of an account is always its live one.
  if (testData && user.role !== "OPERATOR") actor.livemode = false;
  return actor;
});
