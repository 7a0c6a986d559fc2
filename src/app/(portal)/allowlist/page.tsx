import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { AllowlistPanel } from "./allowlist-panel";

export const metadata: Metadata = { title: "IP allowlist · Reseller Portal" };

/**
 * Read-only for the account's people: the owner and, so they can tell why the API refuses a server,
 * staff too. Operators change allowlists from the operator console, on the holder's request.
 */
export default async function AllowlistPage() {
  const { actor } = await pageAccess("allowlist");
  prefetch(trpc.allowlist.status.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">IP allowlist</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        When your account has an allowlist, the API accepts requests only from these addresses: it checks the address your server connects
        from, right after the API key.
      </p>
      <AllowlistPanel viewerIsOwner={actor.role === "OWNER"} />
    </HydrateClient>
  );
}
