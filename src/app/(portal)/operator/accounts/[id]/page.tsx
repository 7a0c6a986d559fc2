import type { Metadata } from "next";
import { HydrateClient, prefetchAwaited, trpc } from "~/trpc/server";
import { isOperatorSession } from "../../operator-page-guard";
import { AccountDetail } from "./account-detail";

export const metadata: Metadata = { title: "Account · Operator · Reseller Portal" };

export default async function OperatorAccountPage({ params }: { params: Promise<{ id: string }> }) {
  if (!(await isOperatorSession())) return null;
  const { id } = await params;
  await prefetchAwaited(
    trpc.operator.account.queryOptions({ accountId: id }),
    trpc.operator.allowlist.queryOptions({ accountId: id }),
    trpc.operator.apiKeys.queryOptions({ accountId: id }),
    trpc.operator.users.queryOptions({ accountId: id }),
    trpc.catalog.accountPrices.queryOptions({ accountId: id }),
    trpc.catalog.priceLists.queryOptions(),
  );

  return (
    <HydrateClient>
      <AccountDetail accountId={id} />
    </HydrateClient>
  );
}
