"use client";
/**
 * "Find" over a long list already on the page (the catalog, a price list's or an account's prices):
 * filters as the person types, no button and no round trip, and says how many match (a polite live
 * region, for screen readers). `matchesFilter` is the one rule: every word typed appears, in any case, in one of
 * the item's texts (its name, id, group).
 */
import { useId, useState } from "react";
import { TextField } from "./fields";

function words(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesFilter(query: string, texts: readonly (string | null | undefined)[]): boolean {
  const wanted = words(query);
  if (wanted.length === 0) return true;
  const haystack = texts.filter(Boolean).join(" ").toLowerCase();
  return wanted.every((word) => haystack.includes(word));
}

/** The query state and its field; `shown`/`total` make the count the field announces. */
export function useListFilter() {
  const [query, setQuery] = useState("");
  return { query, setQuery, active: query.trim() !== "" };
}

export function ListFilterField({
  label,
  query,
  onChange,
  shown,
  total,
  placeholder,
}: {
  label: string;
  query: string;
  onChange: (query: string) => void;
  shown: number;
  total: number;
  placeholder?: string;
}) {
  const countId = useId();
  return (
    <div className="max-w-md">
      <TextField
        id={`${countId}-filter`}
        label={label}
        type="search"
        value={query}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
      />
      {/* Polite, not a status role: the panels around it keep their one status for what was saved. */}
      <p aria-live="polite" className="mt-1 text-sm text-slate-500">
        {query.trim() === "" ? `${total} in all.` : `${shown} of ${total} ${shown === 1 ? "matches" : "match"}.`}
      </p>
    </div>
  );
}
