import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { SecurityPanel } from "./security-panel";

export const metadata: Metadata = { title: "Security · Reseller Portal" };

export default async function SecurityPage() {
  await pageAccess("security");
  prefetch(trpc.security.overview.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Security</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        How you sign in, where you are signed in, and what happened to your sign-in lately.
      </p>
      <SecurityPanel />
    </HydrateClient>
  );
}
