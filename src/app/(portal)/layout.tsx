import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { PortalNav } from "~/components/portal-nav";
import { navigationFor } from "~/components/portal-pages";
import { roleLabel } from "~/components/role-label";
import { SignOutButton } from "~/components/sign-out-button";
import { getSessionActor } from "~/server/auth/session";

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");

  const items = navigationFor(actor.role);

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        {/* On a phone: brand and sign-out on the first row, the nav on its own row below. */}
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <span className="text-sm font-semibold text-emerald-700">Reseller Portal</span>
          <div className="order-last w-full sm:order-none sm:w-auto">
            <PortalNav items={items} />
          </div>
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">
              {actor.email} · {roleLabel(actor.role)}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </div>
  );
}
