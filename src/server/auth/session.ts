/**
 * The signed-in portal user as an Actor, for server components, route handlers and the tRPC context.
 *
 * The JWT says who signed in; the database says whether they still may. Each call re-reads the user
 * (one primary-key lookup) so that disabling a user, or changing their role or account, takes effect
 * on their next request rather than when the cookie expires.
 */
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { cache } from "react";
import type { Actor } from "~/server/auth/actor";
import { authOptions } from "~/server/auth/next-auth";
import { db } from "~/server/db";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";

export type UserActor = Extract<Actor, { kind: "user" }>;

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
  const sourceIp = (await headers()).get(SOURCE_ADDRESS_HEADER);
  return { kind: "user", userId: user.id, email: user.email, role: user.role, accountId: user.accountId, sourceIp };
});
