import "server-only";
import { mayOpen } from "~/components/portal-pages";
import { getSessionActor } from "~/server/auth/session";

/**
 * Whether the page may start its queries: the layout shows non-operators a refusal instead of the page,
 * but a page renders alongside its layout, so it must not prefetch operator data for them.
 */
export async function isOperatorSession(): Promise<boolean> {
  const actor = await getSessionActor();
  return actor !== null && mayOpen("operator", actor.role);
}
