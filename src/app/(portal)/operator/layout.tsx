import type { ReactNode } from "react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { roleLabel } from "~/components/role-label";
import { getSessionActor } from "~/server/auth/session";
import { OperatorTabs } from "./operator-tabs";

/**
 * Every page under /operator is for operators only. Anyone else gets a plain explanation instead of
 * the page (the procedures refuse them too, so this is about clarity, not the only guard).
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");

  if (actor.role !== "OPERATOR") {
    return (
      <section aria-labelledby="denied-heading" className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="denied-heading" className="text-xl font-semibold tracking-tight">
          Not available for your role
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          The operator console is for the service&apos;s own staff. You are signed in as {actor.email} ({roleLabel(actor.role)}), so
          it is not available to you. If you need a change to your account, such as funding or an allowlist entry, please contact
          support.
        </p>
        <Link href="/dashboard" className="mt-4 inline-block text-sm font-medium text-emerald-700 underline-offset-2 hover:underline">
          Back to your dashboard
        </Link>
      </section>
    );
  }

  return (
    <div>
      <OperatorTabs />
      <div className="mt-6">{children}</div>
    </div>
  );
}
