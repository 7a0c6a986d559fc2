import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { PriceLists } from "./price-lists";

export const metadata: Metadata = { title: "Price lists · Operator · Reseller Portal" };

export default async function OperatorPriceListsPage() {
  if (!(await isOperatorSession())) return null;
  prefetch(trpc.catalog.priceLists.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Price lists</h1>
      <p className="mt-1 text-sm text-slate-600">
        A named set of prices that any number of accounts buy at. An account&apos;s own price still wins over its list&apos;s.
      </p>
      <div className="mt-6">
        <PriceLists />
      </div>
    </HydrateClient>
  );
}
