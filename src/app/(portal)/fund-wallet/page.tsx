import type { Metadata } from "next";
import { getQueryClient, HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { FundWalletPanel, nextFundingsCursor } from "./fund-wallet-panel";

export const metadata: Metadata = { title: "Fund wallet · Reseller Portal" };

/**
 * The account's own bank account number (docs/operating.md "Funding by bank transfer"): its owner and staff see
 * it and the recent fundings; the owner asks for it, and with Test data on simulates transfers.
 */
export default async function FundWalletPage() {
  const { actor } = await pageAccess("fundWallet");
  prefetch(trpc.funding.accounts.queryOptions());
  void getQueryClient().prefetchInfiniteQuery(trpc.funding.recent.infiniteQueryOptions({}, { getNextPageParam: nextFundingsCursor }));
  const testData = actor.livemode === false;

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Fund wallet</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        {testData
          ? "Test data is on: this is your test wallet's simulated account. No bank can pay into it; simulate a transfer below to see a funding arrive."
          : "Transfer from any Nigerian bank (app, USSD or internet banking) to your account number below. Your wallet is credited automatically, usually within a minute of the transfer, and each transfer exactly once."}
      </p>
      <FundWalletPanel isOwner={actor.role === "OWNER"} testData={testData} />
    </HydrateClient>
  );
}
