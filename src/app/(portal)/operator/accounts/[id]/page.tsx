import type { Metadata } from "next";
import { getQueryClient, HydrateClient, trpc } from "~/trpc/server";
import { isOperatorSession } from "../../operator-page-guard";
import { AccountDetail } from "./account-detail";

export const metadata: Metadata = { title: "Account · Operator · Reseller Portal" };

export default async function OperatorAccountPage({ params }: { params: Promise<{ id: string }> }) {
  if (!(await isOperatorSession())) return null;
  const { id } = await params;
  const queryClient = getQueryClient();
  // Awaited (together, so it costs the slowest of them): a query still pending would be handed to the
  // browser as a promise, and one that then fails (an unknown id) would be retried there with the
  // default back-off before the page could say "No such account". A failed one is simply not sent.
  await Promise.all([
    queryClient.prefetchQuery(trpc.operator.account.queryOptions({ accountId: id })),
    queryClient.prefetchQuery(trpc.operator.allowlist.queryOptions({ accountId: id })),
    queryClient.prefetchQuery(trpc.operator.apiKeys.queryOptions({ accountId: id })),
    queryClient.prefetchQuery(trpc.operator.users.queryOptions({ accountId: id })),
    queryClient.prefetchQuery(trpc.catalog.accountPrices.queryOptions({ accountId: id })),
    queryClient.prefetchQuery(trpc.catalog.priceLists.queryOptions()),
  ]);

  return (
    <HydrateClient>
      <AccountDetail accountId={id} />
    </HydrateClient>
  );
}
