import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { BuyTabs } from "~/components/buy/buy-tabs";
import { WalletBalance } from "~/components/buy/wallet-balance";
import { getSessionActor } from "~/server/auth/session";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

export default async function BuyLayout({ children }: { children: ReactNode }) {
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");

  if (actor.role === "OPERATOR") {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Buy</h1>
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
          Operators don&apos;t buy. Purchases are made by a reseller account&apos;s owner or staff, from their own wallet.
        </p>
      </>
    );
  }

  prefetch(trpc.purchases.balance.queryOptions());
  return (
    <HydrateClient>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Buy</h1>
          <p className="mt-1 text-sm text-slate-600">Paid from your account&apos;s wallet. You confirm the exact charge before anything is bought.</p>
        </div>
        <WalletBalance />
      </div>
      <div className="mt-5">
        <BuyTabs />
      </div>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">{children}</div>
    </HydrateClient>
  );
}
