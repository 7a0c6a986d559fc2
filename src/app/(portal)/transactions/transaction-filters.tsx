"use client";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import {
  SERVICE_CODES,
  SERVICE_LABELS,
  STATUS_CODES,
  filterToSearchParams,
  rawFilterFromSearchParams,
  transactionFilter,
  type TransactionFilter,
} from "~/schemas/portal-transactions";

const FIELD_LABELS: Record<string, string> = { search: "Reference or recipient", service: "Service", status: "Status", from: "From", to: "To" };

const STATUS_LABELS = { PENDING: "Pending", SUCCESSFUL: "Successful", FAILED: "Failed" } as const;

const FIELD = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 sm:text-sm";
const LABEL = "block text-sm font-medium text-slate-700";

/**
 * The filters live in the URL (?service=&status=&from=&to=&q=), so a view can be bookmarked, shared
 * and reloaded; applying one navigates, and the page reads it back from the address.
 */
export function TransactionFilters({ filter }: { filter: TransactionFilter }) {
  const router = useRouter();
  const pathname = usePathname();
  const [navigating, startNavigation] = useTransition();
  const [problems, setProblems] = useState<string[]>([]);
  const active = filterToSearchParams({ ...filter, accountId: undefined }).size > 0;

  function navigate(params: URLSearchParams) {
    if (filter.accountId) params.set("account", filter.accountId);
    const query = params.toString();
    startNavigation(() => router.push(query ? `${pathname}?${query}` : pathname));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
    // Through the same reader and schema as the page, so what is pushed is exactly what is read back.
    const parsed = transactionFilter.safeParse(rawFilterFromSearchParams(fields));
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((issue) => `${FIELD_LABELS[String(issue.path[0])] ?? "Filter"}: ${issue.message}.`));
      return;
    }
    setProblems([]);
    navigate(filterToSearchParams(parsed.data));
  }

  return (
    <form onSubmit={onSubmit} role="search" aria-label="Filter transactions" className="mt-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {problems.length > 0 && (
        <div role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-6">
        <div className="col-span-2 md:col-span-2">
          <label htmlFor="filter-q" className={LABEL}>
            Reference or recipient
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={filter.search ?? ""}
            maxLength={100}
            placeholder="e.g. order-1001 or 0803…"
            aria-describedby="filter-q-hint"
            className={FIELD}
          />
          <p id="filter-q-hint" className="mt-1 text-xs text-slate-500">
            Matches the start of a reference, phone or customer number.
          </p>
        </div>
        <div>
          <label htmlFor="filter-service" className={LABEL}>
            Service
          </label>
          <select id="filter-service" name="service" defaultValue={filter.service?.toLowerCase() ?? ""} className={FIELD}>
            <option value="">All services</option>
            {SERVICE_CODES.map((code) => (
              <option key={code} value={code.toLowerCase()}>
                {SERVICE_LABELS[code]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className={LABEL}>
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={filter.status?.toLowerCase() ?? ""} className={FIELD}>
            <option value="">Any status</option>
            {STATUS_CODES.map((code) => (
              <option key={code} value={code.toLowerCase()}>
                {STATUS_LABELS[code]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-from" className={LABEL}>
            From
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={filter.from ?? ""} className={FIELD} />
        </div>
        <div>
          <label htmlFor="filter-to" className={LABEL}>
            To (inclusive)
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={filter.to ?? ""} className={FIELD} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button
          type="submit"
          disabled={navigating}
          className="rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-70"
        >
          {navigating ? "Applying…" : "Apply filters"}
        </button>
        {active && (
          <button
            type="button"
            disabled={navigating}
            onClick={() => navigate(new URLSearchParams())}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 disabled:opacity-70"
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
