import type { Metadata } from "next";
import { getQueryClient, HydrateClient, trpc } from "~/trpc/server";
import { isOperatorSession } from "../../operator-page-guard";
import { PriceListDetail } from "./price-list-detail";

export const metadata: Metadata = { title: "Price list · Operator · Reseller Portal" };

export default async function OperatorPriceListPage({ params }: { params: Promise<{ id: string }> }) {
  if (!(await isOperatorSession())) return null;
  const { id } = await params;
  const queryClient = getQueryClient();
  // Awaited, as the account page: a failed read (an unknown id) is not handed over to be retried.
  await Promise.all([
    queryClient.prefetchQuery(trpc.catalog.priceList.queryOptions({ priceListId: id })),
    queryClient.prefetchQuery(trpc.catalog.catalog.queryOptions()),
  ]);

  return (
    <HydrateClient>
      <PriceListDetail priceListId={id} />
    </HydrateClient>
  );
}
