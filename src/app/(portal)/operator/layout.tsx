import type { ReactNode } from "react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { roleLabel } from "~/components/role-label";
import { linkClass } from "~/components/ui/buttons";
import { MessageCard } from "~/components/ui/panel";
import { Tabs, type Tab } from "~/components/ui/tabs";
import { getSessionActor } from "~/server/auth/session";

/** The console's own sections, under the portal's main navigation. */
const CONSOLE_TABS: Tab[] = [
  { href: "/operator", label: "Accounts", matchUnder: ["/operator/accounts"] },
  { href: "/operator/audit", label: "Audit log", matchUnder: ["/operator/audit"] },
];

/**
 * Every page under /operator is for operators only. Anyone else gets a plain explanation instead of
 * the page (the procedures refuse them too, so this is about clarity, not the only guard).
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");

  if (actor.role !== "OPERATOR") {
    return (
      <MessageCard
        id="denied-heading"
        title="Not available for your role"
        action={
          <Link href="/dashboard" className={linkClass}>
            Back to your dashboard
          </Link>
        }
      >
        The operator console is for the service&apos;s own staff. You are signed in as {actor.email} ({roleLabel(actor.role)}), so it
        is not available to you. If you need a change to your account, such as funding or an allowlist entry, please contact support.
      </MessageCard>
    );
  }

  return (
    <div>
      <Tabs label="Operator console" tabs={CONSOLE_TABS} />
      <div className="mt-6">{children}</div>
    </div>
  );
}
