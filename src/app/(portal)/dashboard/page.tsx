import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { roleLabel } from "~/components/role-label";
import { getSessionActor } from "~/server/auth/session";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { AccountName } from "./account-name";

export const metadata: Metadata = { title: "Dashboard · Reseller Portal" };

export default async function DashboardPage() {
  // The layout redirects too, but a page renders alongside its layout, not after it.
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");
  prefetch(trpc.session.me.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
      <p className="mt-2 text-sm text-slate-600">
        Signed in as {actor.email} ({roleLabel(actor.role)})
      </p>
      <section aria-labelledby="account-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="account-heading" className="text-sm font-medium text-slate-500">
          Account
        </h2>
        <Suspense fallback={<p className="mt-1 text-lg text-slate-400">Loading…</p>}>
          <AccountName />
        </Suspense>
      </section>
    </HydrateClient>
  );
}
