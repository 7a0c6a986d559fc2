"use client";
/**
 * A row of links to a section's pages, the current one marked aria-current="page". Wraps onto a
 * second row on a phone rather than scrolling sideways. Plain data in, so a server layout can pass it.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";

export interface Tab {
  href: string;
  label: string;
  /** Other paths whose pages (and the pages below them) belong to this tab too. */
  matchUnder?: readonly string[];
}

function isCurrent(tab: Tab, pathname: string): boolean {
  if (pathname === tab.href) return true;
  return (tab.matchUnder ?? []).some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function Tabs({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const current = isCurrent(tab, pathname);
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
