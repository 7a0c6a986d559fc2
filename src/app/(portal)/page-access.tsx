import "server-only";
import { forbidden, redirect } from "next/navigation";
import { mayOpen, type PortalPageName } from "~/components/portal-pages";
import { GATE_PAGES, getSessionActor, getSignedInSession, type UserActor } from "~/server/auth/session";

/**
 * Every portal page and section layout starts here: the signed-in user, or for a role the page is not
 * for, `forbidden()`: a 403 whose body is the one refusal, NotForYourRole, rendered by
 * (portal)/forbidden.tsx inside the portal's header. Pages check for themselves although their layout
 * does too, because a page renders alongside its layout, not after it, and must not start queries
 * the layout would refuse.
 */
export async function pageAccess(page: PortalPageName, options: { forAnAccount?: boolean } = {}): Promise<{ actor: UserActor }> {
  const actor = await getSessionActor();
  if (!actor) return redirectWithoutFullSession();
  if (!mayOpen(page, actor.role, options)) forbidden();
  return { actor };
}

/** No full session: to the step a gated session must take first (session-user.ts), else to sign-in. */
export async function redirectWithoutFullSession(): Promise<never> {
  const session = await getSignedInSession();
  redirect(session?.gate ? GATE_PAGES[session.gate] : "/sign-in");
}
