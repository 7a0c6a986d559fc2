import "server-only";
import { redirect } from "next/navigation";
import type { ReactElement } from "react";
import { NotForYourRole } from "~/components/not-for-your-role";
import { mayOpen, type PortalPageName } from "~/components/portal-pages";
import { getSessionActor, type UserActor } from "~/server/auth/session";

/**
 * Every portal page and section layout starts here: the signed-in user, and `refusal` (to render
 * instead of the page) when the page is not for their role. Pages check for themselves although
 * their layout does too, because a page renders alongside its layout, not after it, and must not
 * start queries the layout would refuse.
 */
export async function pageAccess(
  page: PortalPageName,
  options: { forAnAccount?: boolean } = {},
): Promise<{ actor: UserActor; refusal: ReactElement | null }> {
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");
  return { actor, refusal: mayOpen(page, actor.role, options) ? null : <NotForYourRole page={page} actor={actor} /> };
}
