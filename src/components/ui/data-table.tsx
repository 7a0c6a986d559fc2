/**
 * A table of records: the header row from `columns`, the body rows from the caller (with `cellClass`
 * on their cells). Anything wider than the screen scrolls inside the table's own box, never the page.
 */
import type { ReactNode } from "react";

export interface Column {
  label: string;
  align?: "right";
  /** Named for screen readers only (an actions column). */
  hidden?: boolean;
  /** More classes for the heading, e.g. "hidden sm:table-cell" for a column that a phone leaves out. */
  className?: string;
}

export const cellClass = "whitespace-nowrap px-3 py-2";
/** The row's first cell, a <th scope="row"> that names the record. */
export const rowHeaderClass = "px-3 py-2 text-left font-medium text-slate-900";

export function DataTable({
  label,
  caption,
  columns,
  card = false,
  children,
}: {
  /** The table's accessible name, where the section's heading does not already say what it is. */
  label?: string;
  /** The same as a caption, for screen readers only. */
  caption?: string;
  columns: readonly Column[];
  /** A card of its own on the page, rather than a box inside a panel. */
  card?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`relative overflow-x-auto border border-slate-200 ${card ? "rounded-xl bg-white shadow-sm" : "rounded-lg"}`}>
      <table className="min-w-full text-sm" aria-label={label}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-3 py-2 font-medium ${column.align === "right" ? "text-right" : ""} ${column.className ?? ""}`}
              >
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
