import type { Metadata } from "next";
import { DataPurchase } from "~/components/buy/data-purchase";
import { readBuyAgain } from "~/components/buy/buy-again";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Buy data · Reseller Portal" };

/** `?network=…&phone=…` (and the plan or amount): "Buy again" from a transaction's page (buy-again.ts). */
export default async function BuyDataPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const again = readBuyAgain(await searchParams);
  prefetch(trpc.purchases.networks.queryOptions());
  return (
    <HydrateClient>
      <h2 className="sr-only">Data</h2>
      <DataPurchase again={again} />
    </HydrateClient>
  );
}
