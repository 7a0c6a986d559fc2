/**
 * A list of records that is a table on a wide screen and a stack of labelled cards on a phone: each
 * item is a grid row of `columns` from `sm` up; below that its facts stack, each with its label.
 * The column headings are for sighted users; screen readers get every value with its own label.
 */
import type { ReactNode } from "react";

export function ResponsiveList<Item>({
  label,
  columns,
  headings,
  items,
  itemKey,
  withActions = true,
  numericColumns = 0,
  children,
}: {
  /** The list's accessible name. */
  label: string;
  /** The grid template from `sm` up, e.g. "sm:grid-cols-[minmax(0,2fr)_6rem_7rem]". */
  columns: string;
  /** One per column but the last, which holds the item's actions (one per column without them). */
  headings: readonly string[];
  items: readonly Item[];
  itemKey: (item: Item) => string;
  /** Whether the last column holds actions, with no heading of its own. */
  withActions?: boolean;
  /** How many of the last headings head numbers: right-aligned, over their ItemFact `numeric` values. */
  numericColumns?: number;
  children: (item: Item) => ReactNode;
}) {
  const grid = `sm:grid ${columns} sm:items-center sm:gap-4`;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div
        aria-hidden="true"
        className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium text-slate-500 uppercase ${grid}`}
      >
        {headings.map((heading, index) => (
          <span key={heading} className={index >= headings.length - numericColumns ? "text-right" : undefined}>
            {heading}
          </span>
        ))}
        {withActions && <span />}
      </div>
      <ul aria-label={label} className="divide-y divide-slate-200">
        {items.map((item) => (
          <li key={itemKey(item)} className={`px-4 py-3 text-sm ${grid}`}>
            {children(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An item's labelled values: in the item's grid row from `sm` up (the labels then only for screen readers). */
export function ItemFacts({ children }: { children: ReactNode }) {
  return <dl className="mt-2 space-y-1 sm:contents">{children}</dl>;
}

/** `numeric`: an amount or count, right-aligned in its column with figures of equal width. */
export function ItemFact({ label, numeric = false, children }: { label: string; numeric?: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 sm:block">
      <dt className="text-slate-500 sm:sr-only">{label}</dt>
      <dd className={numeric ? "text-right text-slate-700 tabular-nums" : "text-right text-slate-700 sm:text-left"}>{children}</dd>
    </div>
  );
}

/** Where an item's actions go: full width on a phone, right-aligned in the row from `sm` up. */
export function ItemActions({ children }: { children: ReactNode }) {
  return <div className="mt-3 sm:mt-0 sm:text-right">{children}</div>;
}
