/**
 * One labelled figure of a `<dl>` of them (an account's balance, a month's revenue): `raised`, a white
 * card with a shadow, where the figures stand on the page's background; flat inside a panel.
 */
import type { ReactNode } from "react";
import { classNames } from "./class-names";

export function Figure({ label, value, raised = false }: { label: string; value: ReactNode; raised?: boolean }) {
  return (
    <div className={classNames("rounded-lg border border-slate-200 px-3 py-2", raised && "bg-white shadow-sm")}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
