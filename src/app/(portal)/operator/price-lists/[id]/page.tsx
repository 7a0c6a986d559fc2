import type { Metadata } from "next";
import { HydrateClient, prefetchAwaited, trpc } from "~/trpc/server";
import { isOperatorSession } from "../../operator-page-guard";
import { PriceListDetail } from "./price-list-detail";

export const metadata: Metadata = { title: "Price list · Operator · Reseller Portal" };

export default async function OperatorPriceListPage({ params }: { params: Promise<{ id: string }> }) {
  if (!(await isOperatorSession())) return null;
  const { id } = await params;
  await prefetchAwaited(trpc.catalog.priceList.queryOptions({ priceListId: id }), trpc.catalog.catalog.queryOptions());

  return (
    <HydrateClient>
      <PriceListDetail priceListId={id} />
    </HydrateClient>
  );
}
