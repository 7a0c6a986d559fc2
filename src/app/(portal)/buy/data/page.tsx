import type { Metadata } from "next";
import { DataPurchase } from "~/components/buy/data-purchase";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Buy data · Reseller Portal" };

export default function BuyDataPage() {
  prefetch(trpc.purchases.networks.queryOptions());
  return (
    <HydrateClient>
      <h2 className="sr-only">Data</h2>
      <DataPurchase />
    </HydrateClient>
  );
}
