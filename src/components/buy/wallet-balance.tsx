"use client";
import { useQuery } from "@tanstack/react-query";
import { formatNaira } from "~/components/money";
import { useTRPC } from "~/trpc/react";

/**
 * The account's wallet balance, refreshed after every purchase (the Buy pages invalidate it): the test
 * wallet's, and named so, while Test data is on (docs/integrating.md "Test mode").
 */
export function WalletBalance() {
  const trpc = useTRPC();
  const balance = useQuery(trpc.purchases.balance.queryOptions());
  return (
    <section aria-labelledby="wallet-balance-heading" className="rounded-lg border border-slate-200 bg-white px-4 py-2 shadow-sm">
      <h2 id="wallet-balance-heading" className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        {balance.data?.livemode === false ? "Test wallet balance" : "Wallet balance"}
      </h2>
      <p className="text-lg font-semibold tabular-nums" aria-live="polite" data-testid="wallet-balance">
        {balance.data ? formatNaira(balance.data.balance) : balance.isError ? "Unavailable" : "Loading…"}
      </p>
    </section>
  );
}
