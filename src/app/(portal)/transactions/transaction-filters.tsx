"use client";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/buttons";
import { Field, TextField, type FieldProps } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { cardClass } from "~/components/ui/panel";
import { formatDay } from "~/components/dates";
import {
  SERVICE_CODES,
  SERVICE_LABELS,
  STATUS_CODES,
  filterToSearchParams,
  rawFilterFromSearchParams,
  transactionFilter,
  type TransactionFilter,
} from "~/schemas/portal-transactions";

const FIELD_LABELS: Record<string, string> = {
  search: "Search",
  service: "Service",
  status: "Status",
  from: "From",
  to: "To",
};

/** Each filter's control is named by its URL parameter. */
const filterId = (name: string) => `filter-${name}`;

const STATUS_LABELS = { PENDING: "Pending", SUCCESSFUL: "Successful", FAILED: "Failed" } as const;

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
    <form onSubmit={onSubmit} role="search" aria-label="Filter transactions" className={`mt-5 ${cardClass}`}>
      {problems.length > 0 && (
        <ErrorAlert className="mb-3">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </ErrorAlert>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-6">
        <div className="col-span-2 md:col-span-2">
          <TextField
            id={filterId("q")}
            label="Search"
            hint="A reference, transaction id, phone or customer number (any part, such as its last digits) or customer name."
            name="q"
            type="search"
            defaultValue={filter.search ?? ""}
            maxLength={100}
            placeholder="e.g. order-1001, SBX-…, 4567"
          />
        </div>
        <CodeSelect
          label="Service"
          name="service"
          any="All services"
          codes={SERVICE_CODES}
          labels={SERVICE_LABELS}
          initial={filter.service}
        />
        <CodeSelect label="Status" name="status" any="Any status" codes={STATUS_CODES} labels={STATUS_LABELS} initial={filter.status} />
        <DateField label="From" name="from" initial={filter.from} />
        <DateField label="To (inclusive)" name="to" initial={filter.to} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <button type="submit" disabled={navigating} className={buttonClass("primary")}>
          {navigating ? "Applying…" : "Apply filters"}
        </button>
        {active && (
          <button type="button" disabled={navigating} onClick={() => navigate(new URLSearchParams())} className={buttonClass("secondary")}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * A filter that is one of a list of codes: `any` (no filter, the empty value) first, then each code
 * by its label; the URL holds the code in lower case.
 */
function CodeSelect<Code extends string>({
  name,
  any,
  codes,
  labels,
  initial,
  ...field
}: Omit<FieldProps, "id"> & {
  name: string;
  any: string;
  codes: readonly Code[];
  labels: Readonly<Record<Code, string>>;
  initial: Code | undefined;
}) {
  return (
    <Field {...field} id={filterId(name)}>
      {(control) => (
        <select {...control} name={name} defaultValue={initial?.toLowerCase() ?? ""}>
          <option value="">{any}</option>
          {codes.map((code) => (
            <option key={code} value={code.toLowerCase()}>
              {labels[code]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * A date input shows the day in the browser's own format (mm/dd/yyyy in a US-English browser, whatever
 * the page's lang says); the hint under it writes the chosen day as the tables do, "23 Nov 2026", so
 * there is one way to read a date on the page.
 */
function DateField({ label, name, initial }: { label: string; name: string; initial: string | undefined }) {
  const [value, setValue] = useState(initial ?? "");
  return (
    <TextField
      id={filterId(name)}
      label={label}
      name={name}
      type="date"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      hint={<span aria-live="polite">{formatDay(value) || "Any date"}</span>}
    />
  );
}
