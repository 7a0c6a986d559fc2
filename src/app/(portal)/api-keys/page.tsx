import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { ApiKeysPanel } from "./api-keys-panel";

export const metadata: Metadata = { title: "API keys · Reseller Portal" };

export default async function ApiKeysPage() {
  await pageAccess("apiKeys");
  prefetch(trpc.apiKeys.list.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Your servers send one of these keys with every API request, as{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs break-all">Authorization: Bearer pk_live_…</code>. Give each server its
        own key, so you can revoke one without stopping the others. A test key, starting{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">pk_test_</code>, calls the same API but buys from the sandbox with your
        test wallet: try your integration without spending money, then switch it to a live key.
      </p>
      <ApiKeysPanel />
    </HydrateClient>
  );
}
