import type { Metadata } from "next";
import { AirtimePurchase } from "~/components/buy/airtime-purchase";
import { readBuyAgain } from "~/components/buy/buy-again";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export const metadata: Metadata = { title: "Buy airtime · Reseller Portal" };

/** `?network=…&phone=…` (and the plan or amount): "Buy again" from a transaction's page (buy-again.ts). */
export default async function BuyAirtimePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const again = readBuyAgain(await searchParams);
  prefetch(trpc.purchases.networks.queryOptions());
  return (
    <HydrateClient>
      <h2 className="sr-only">Airtime</h2>
      <AirtimePurchase again={again} />
    </HydrateClient>
  );
}
