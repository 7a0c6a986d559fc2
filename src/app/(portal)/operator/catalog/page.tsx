import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { CatalogConsole } from "./catalog-console";

export const metadata: Metadata = { title: "Catalog · Operator · Reseller Portal" };

export default async function OperatorCatalogPage() {
  if (!(await isOperatorSession())) return null;
  prefetch(trpc.catalog.catalog.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Catalog</h1>
      <p className="mt-1 text-sm text-slate-600">
        Networks, data plans and bill products, with cost and margin (never shown to resellers). Amounts are entered in naira.
      </p>
      <div className="mt-6">
        <CatalogConsole />
      </div>
    </HydrateClient>
  );
}
