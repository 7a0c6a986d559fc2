/**
 * What a signed-in person sees on a page their role does not offer: said plainly, with where to go
 * instead. The procedures behind the page refuse them regardless.
 */
import Link from "next/link";
import type { Role } from "~/generated/prisma/enums";
import { linkClass } from "./ui/buttons";
import { MessageCard } from "./ui/panel";

const SIGNED_IN_AS: Record<Role, string> = {
  OPERATOR: "You are signed in as an operator.",
  OWNER: "You are signed in as the account owner.",
  STAFF: "You are signed in as a staff user.",
};

export function NotForYourRole({ page, role }: { page: string; role: Role }) {
  const operator = role === "OPERATOR";
  return (
    <MessageCard
      id="role-notice-heading"
      title={`${page}: not available for your role`}
      action={
        <Link href={operator ? "/operator" : "/dashboard"} className={linkClass}>
          {operator ? "Go to the operator console" : "Back to the dashboard"}
        </Link>
      }
    >
      {SIGNED_IN_AS[role]}{" "}
      {operator
        ? "This page is for account holders. Operators manage every account's keys, allowlists and users in the operator console."
        : "Only the account owner can use this page. Ask them if you need something changed here."}
    </MessageCard>
  );
}
