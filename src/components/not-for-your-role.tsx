/**
 * The one way a portal page refuses a signed-in person whose role it is not for (src/components/portal-pages.ts
 * says whose it is): said plainly, with who they are signed in as and where to go instead. The
 * procedures behind the page refuse them regardless.
 */
import Link from "next/link";
import type { Role } from "~/generated/prisma/enums";
import { portalPage, type PortalPageName } from "./portal-pages";
import { roleLabel } from "./role-label";
import { linkClass } from "./ui/buttons";
import { MessageCard } from "./ui/panel";

const FOR_ACCOUNT_HOLDERS =
  "This page is for account holders. Operators manage every account's keys, allowlists and users in the operator console.";
const FOR_THE_OWNER = "Only the account owner can use this page. Ask them if you need something changed here.";

export function NotForYourRole({ page, actor }: { page: PortalPageName; actor: { email: string; role: Role } }) {
  const { title, refusal } = portalPage(page);
  const operator = actor.role === "OPERATOR";
  return (
    <MessageCard
      id="role-notice-heading"
      title={`${title}: not available for your role`}
      action={
        <Link href={operator ? "/operator" : "/dashboard"} className={linkClass}>
          {operator ? "Go to the operator console" : "Back to your dashboard"}
        </Link>
      }
    >
      You are signed in as {actor.email} ({roleLabel(actor.role)}).{" "}
      {refusal?.[actor.role] ?? (operator ? FOR_ACCOUNT_HOLDERS : FOR_THE_OWNER)}
    </MessageCard>
  );
}
