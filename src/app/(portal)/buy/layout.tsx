import type { ReactNode } from "react";
import { WalletBalance } from "~/components/buy/wallet-balance";
import { cardClass } from "~/components/ui/panel";
import { Tabs, type Tab } from "~/components/ui/tabs";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";

/** What can be bought, one page each. */
const BUY_TABS: Tab[] = [
  { href: "/buy/data", label: "Data" },
  { href: "/buy/airtime", label: "Airtime" },
  { href: "/buy/cable-tv", label: "Cable TV" },
  { href: "/buy/electricity", label: "Electricity" },
  { href: "/buy/education", label: "Education" },
  { href: "/buy/broadband", label: "Broadband" },
];

export default async function BuyLayout({ children }: { children: ReactNode }) {
  await pageAccess("buy");

  prefetch(trpc.purchases.balance.queryOptions());
  return (
    <HydrateClient>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Buy</h1>
          <p className="mt-1 text-sm text-slate-600">
            Paid from your account&apos;s wallet. You confirm the exact charge before anything is bought.
          </p>
        </div>
        <WalletBalance />
      </div>
      <div className="mt-5">
        <Tabs label="What to buy" tabs={BUY_TABS} />
      </div>
      <div className={`mt-4 ${cardClass}`}>{children}</div>
    </HydrateClient>
  );
}
