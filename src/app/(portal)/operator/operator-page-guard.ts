import "server-only";
import { getSessionActor } from "~/server/auth/session";

/**
 * Whether the page may start its queries: the layout shows non-operators a refusal instead of the page,
 * but a page renders alongside its layout, so it must not prefetch operator data for them.
 */
export async function isOperatorSession(): Promise<boolean> {
  return (await getSessionActor())?.role === "OPERATOR";
}
