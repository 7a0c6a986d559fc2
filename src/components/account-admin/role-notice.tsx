/**
 * What a signed-in person sees on a page their role does not offer: said plainly, with where to go
 * instead. The procedures behind the page refuse them regardless.
 */
import Link from "next/link";
import type { Role } from "~/generated/prisma/enums";

const SIGNED_IN_AS: Record<Role, string> = {
  OPERATOR: "You are signed in as an operator.",
  OWNER: "You are signed in as the account owner.",
  STAFF: "You are signed in as a staff user.",
};

export function NotForYourRole({ page, role }: { page: string; role: Role }) {
  const operator = role === "OPERATOR";
  return (
    <section aria-labelledby="role-notice-heading" className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 id="role-notice-heading" className="text-xl font-semibold tracking-tight">
        {page}: not available for your role
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {SIGNED_IN_AS[role]}{" "}
        {operator
          ? "This page is for account holders. Operators manage every account's keys, allowlists and users in the operator console."
          : "Only the account owner can use this page. Ask them if you need something changed here."}
      </p>
      <p className="mt-4">
        <Link
          href={operator ? "/operator" : "/dashboard"}
          className="text-sm font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-900"
        >
          {operator ? "Go to the operator console" : "Back to the dashboard"}
        </Link>
      </p>
    </section>
  );
}
