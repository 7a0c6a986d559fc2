"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const TABS = [
  { href: "/operator", label: "Accounts", matches: (path: string) => path === "/operator" || path.startsWith("/operator/accounts") },
  { href: "/operator/audit", label: "Audit log", matches: (path: string) => path.startsWith("/operator/audit") },
];

/** The console's own sections, under the portal's main navigation. */
export function OperatorTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Operator console" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-4">
        {TABS.map((tab) => {
          const current = tab.matches(pathname);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={current ? "page" : undefined}
                className={`block border-b-2 px-1 pb-2 text-sm font-medium ${
                  current ? "border-emerald-600 text-emerald-800" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
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
