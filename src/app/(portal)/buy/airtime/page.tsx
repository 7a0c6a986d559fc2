import type { Metadata } from "next";
import { AirtimePurchase } from "~/components/buy/airtime-purchase";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Buy airtime · Reseller Portal" };

export default function BuyAirtimePage() {
  prefetch(trpc.purchases.networks.queryOptions());
  return (
    <HydrateClient>
      <h2 className="sr-only">Airtime</h2>
      <AirtimePurchase />
    </HydrateClient>
  );
}
