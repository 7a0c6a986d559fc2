import type { Metadata } from "next";
import { HydrateClient } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { BatchesPanel } from "./batches-panel";

export const metadata: Metadata = { title: "Batches · Reseller Portal" };

/**
 * Bulk purchases (docs/integrating.md "Batches"): a CSV of up to 5,000 orders, previewed with every row's
 * problem and the total against the balance, confirmed, followed on a progress bar, and its results
 * downloaded; the account's past batches below.
 */
export default async function BatchesPage() {
  const { actor } = await pageAccess("batches");
  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Batches</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Buy for a whole list at once: download the template of a kind, fill in one row per order, and upload it. You see every row&apos;s
        problem and the total before anything is bought; then the orders are bought one by one
        {actor.livemode === false ? " from your test wallet, with test data" : ""}, each exactly once.
      </p>
      <BatchesPanel />
    </HydrateClient>
  );
}
