import { redirect } from "next/navigation";
import { getSessionActor } from "~/server/auth/session";
import { RefusedPage } from "./refused-page";

/**
 * What a portal page refused by pageAccess (forbidden()) shows, with status 403, inside the portal's
 * header and navigation: the one refusal, NotForYourRole, naming the page, who is signed in and a way on.
 */
export default async function Forbidden() {
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");
  return <RefusedPage actor={{ email: actor.email, role: actor.role }} />;
}
