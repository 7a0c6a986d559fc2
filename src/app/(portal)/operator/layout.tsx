import type { ReactNode } from "react";
import { Tabs, type Tab } from "~/components/ui/tabs";
import { pageAccess } from "../page-access";

/** The console's own sections, under the portal's main navigation. */
const CONSOLE_TABS: Tab[] = [
  { href: "/operator", label: "Accounts", matchUnder: ["/operator/accounts"] },
  { href: "/operator/transactions", label: "Transactions", matchUnder: ["/operator/transactions"] },
  { href: "/operator/fundings", label: "Fundings", matchUnder: ["/operator/fundings"] },
  { href: "/operator/catalog", label: "Catalog", matchUnder: ["/operator/catalog"] },
  { href: "/operator/upstreams", label: "Upstreams", matchUnder: ["/operator/upstreams"] },
  { href: "/operator/price-lists", label: "Price lists", matchUnder: ["/operator/price-lists"] },
  { href: "/operator/reports/margin", label: "Margin", matchUnder: ["/operator/reports"] },
  { href: "/operator/operators", label: "Operators", matchUnder: ["/operator/operators"] },
  { href: "/operator/audit", label: "Audit log", matchUnder: ["/operator/audit"] },
];

/** Every page under /operator is for operators only; the procedures refuse anyone else too. */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  await pageAccess("operator");

  return (
    <div>
      <Tabs label="Operator console" tabs={CONSOLE_TABS} />
      <div className="mt-6">{children}</div>
    </div>
  );
}
