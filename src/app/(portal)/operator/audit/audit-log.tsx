"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { ActorType } from "~/generated/prisma/enums";
import { AUDIT_PAGE_SIZE } from "~/schemas/operator-console";
import { useTRPC } from "~/trpc/react";
import { formatDateTime } from "~/components/dates";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { Field, TextField } from "~/components/ui/fields";
import { Empty, LoadError, Loading } from "~/components/ui/load-states";
import { cardClass } from "~/components/ui/panel";
import { AccountQueryField } from "../_components/account-query-field";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { readProblem } from "../_components/problem";
import { actionLabel, AUDIT_ACTION_LABELS, isAuditAction } from "~/schemas/audit-actions";
import { changeText, describeAudit } from "~/components/audit-summary";
import { auditHref, auditInput, auditQuery, readAuditFilters, type AuditFilters } from "./audit-search-params";

/** Where a change came from: the address for people and keys; the CLI and the system have none. */
function sourceOf(actorType: ActorType, sourceIp: string | null): string {
  if (sourceIp) return sourceIp;
  if (actorType === "OPERATOR_CLI") return "CLI";
  if (actorType === "SYSTEM") return "system";
  return "unknown";
}

export function AuditLog() {
  const filters = readAuditFilters(useSearchParams());
  const key = auditQuery(filters);
  // A new filter starts again at the newest entries: the page state below belongs to one filter.
  return (
    <div className="space-y-4">
      <AuditFilterForm key={`filters:${key}`} filters={filters} />
      <AuditEntries key={key} filters={filters} />
    </div>
  );
}

function AuditFilterForm({ filters }: { filters: AuditFilters }) {
  const router = useRouter();
  const [accountDraft, setAccountDraft] = useState(filters.account);
  const [actionDraft, setActionDraft] = useState(filters.action);
  const [fromDraft, setFromDraft] = useState(filters.from);
  const [toDraft, setToDraft] = useState(filters.to);
  const outOfOrder = Boolean(fromDraft && toDraft && toDraft < fromDraft);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The field says why; the shared fields move focus to it.
    if (outOfOrder) return;
    router.push(auditHref({ account: accountDraft.trim(), action: actionDraft, from: fromDraft, to: toDraft }));
  }

  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={onSubmit} className={cardClass}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-start">
        <AccountQueryField id="audit-account" label="Account" value={accountDraft} onChange={setAccountDraft} />
        <Field id="audit-action" label="Action">
          {(control) => (
            <select {...control} value={actionDraft} onChange={(event) => setActionDraft(event.target.value)}>
              <option value="">All actions</option>
              {Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
              {actionDraft && !isAuditAction(actionDraft) && <option value={actionDraft}>{actionDraft}</option>}
            </select>
          )}
        </Field>
        <TextField id="audit-from" label="From" type="date" value={fromDraft} onChange={(event) => setFromDraft(event.target.value)} />
        <TextField
          id="audit-to"
          label="To"
          type="date"
          value={toDraft}
          onChange={(event) => setToDraft(event.target.value)}
          error={outOfOrder ? "The end date must not be before the start date." : null}
        />
      </div>
      <p className="mt-2 text-xs text-slate-500">Dates are days in Lagos time, both included.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("primary")}>
          Apply filters
        </button>
        {auditQuery(filters) && (
          <Link href="/operator/audit" className={buttonClass("secondary")}>
            Clear
          </Link>
        )}
      </div>
    </form>
  );
}

function AuditEntries({ filters }: { filters: AuditFilters }) {
  const trpc = useTRPC();
  // The cursors of the pages seen so far: going back to newer entries needs no cursor arithmetic.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const result = useQuery({
    ...trpc.operator.auditLog.queryOptions({ ...auditInput(filters), limit: AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

  const query = auditQuery(filters);
  const filtered = query !== "";
  return (
    <section aria-labelledby="audit-entries-heading" aria-busy={result.isFetching}>
      <h2 id="audit-entries-heading" className="sr-only">
        Entries
      </h2>
      {result.isPending && <Loading>Loading the audit log…</Loading>}
      {result.isError && (
        <LoadError
          message={`The audit log could not be loaded. ${readProblem(result.error).message}`}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
      )}
      {result.data && result.data.entries.length === 0 && (
        <Empty>{filtered ? "No entries match these filters." : "Nothing has been recorded yet."}</Empty>
      )}
      {result.data && result.data.entries.length > 0 && (
        <>
          <div className="mb-3 flex justify-end">
            <a href={`/api/portal/audit.csv${query ? `?${query}` : ""}`} download className={buttonClass("secondary")}>
              Export CSV<span className="sr-only"> of the audit entries {filtered ? "matching these filters" : "recorded"}</span>
            </a>
          </div>
          <ol
            aria-label="Audit entries, newest first"
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            {result.data.entries.map((entry) => {
              const described = describeAudit(entry);
              return (
                <li key={entry.id} className="px-4 py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <p className="font-medium text-slate-900">{actionLabel(entry.action)}</p>
                    <p className="text-xs text-slate-500">
                      <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
                    </p>
                  </div>
                  <p className="mt-0.5 text-sm break-words text-slate-700">{described.summary}</p>
                  {described.changes.length > 0 && (
                    <ul aria-label="Changes" className="mt-1 space-y-0.5 text-sm break-words text-slate-700">
                      {described.changes.map((change) => (
                        <li key={change.field}>{changeText(change)}</li>
                      ))}
                    </ul>
                  )}
                  <dl className="mt-2 grid gap-x-4 gap-y-1 text-xs sm:grid-cols-3">
                    <div className="min-w-0">
                      <dt className="inline text-slate-500">By </dt>
                      <dd className="inline break-all text-slate-800">{entry.actorLabel}</dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="inline text-slate-500">From </dt>
                      <dd className="inline font-mono break-all text-slate-800">{sourceOf(entry.actorType, entry.sourceIp)}</dd>
                    </div>
                    <div className="min-w-0">
                      <dt className="inline text-slate-500">Account </dt>
                      <dd className="inline break-words text-slate-800">
                        {entry.accountId ? (
                          <Link href={`/operator/accounts/${entry.accountId}`} className={linkClass}>
                            {entry.accountName ?? entry.accountId}
                          </Link>
                        ) : (
                          "—"
                        )}
                      </dd>
                    </div>
                  </dl>
                </li>
              );
            })}
          </ol>
          <nav aria-label="Audit log pages" className="mt-3 flex items-center justify-between gap-2">
            <button
              type="button"
              className={buttonClass("secondary")}
              disabled={cursors.length <= 1 || result.isFetching}
              onClick={() => setCursors((stack) => stack.slice(0, -1))}
            >
              Newer
            </button>
            <span className="text-sm text-slate-600">
              Page {cursors.length}
              {result.isPlaceholderData ? " · loading…" : ""}
            </span>
            <button
              type="button"
              className={buttonClass("secondary")}
              disabled={!result.data.nextCursor || result.isFetching}
              onClick={() => {
                const next = result.data?.nextCursor;
                if (next) setCursors((stack) => [...stack, next]);
              }}
            >
              Older
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
