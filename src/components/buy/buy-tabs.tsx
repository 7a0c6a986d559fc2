"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { href: "/buy/data", label: "Data" },
  { href: "/buy/airtime", label: "Airtime" },
  { href: "/buy/cable-tv", label: "Cable TV" },
  { href: "/buy/electricity", label: "Electricity" },
  { href: "/buy/education", label: "Education" },
  { href: "/buy/broadband", label: "Broadband" },
] as const;

/** What can be bought, one page each; wraps onto a second row on a phone rather than scrolling sideways. */
export function BuyTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="What to buy">
      <ul className="flex flex-wrap gap-2">
        {TABS.map((tab) => {
          const current = pathname === tab.href;
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-full border px-3.5 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 ${
                  current ? "border-emerald-700 bg-emerald-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
