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
import { Field } from "~/components/ui/fields";
import { Empty, LoadError, Loading } from "~/components/ui/load-states";
import { cardClass } from "~/components/ui/panel";
import { AccountQueryField } from "../_components/account-query-field";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { readProblem } from "../_components/problem";
import { actionLabel, AUDIT_ACTION_LABELS } from "./audit-actions";
import { auditHref, readAuditFilters } from "./audit-search-params";
import { summariseAudit } from "./audit-summary";

/** Where a change came from: the address for people and keys; the CLI and the system have none. */
function sourceOf(actorType: ActorType, sourceIp: string | null): string {
  if (sourceIp) return sourceIp;
  if (actorType === "OPERATOR_CLI") return "CLI";
  if (actorType === "SYSTEM") return "system";
  return "unknown";
}

export function AuditLog() {
  const filters = readAuditFilters(useSearchParams());
  // A new filter starts again at the newest entries: the page state below belongs to one filter.
  return (
    <div className="space-y-4">
      <AuditFilters key={`filters:${filters.account}|${filters.action}`} {...filters} />
      <AuditEntries key={`${filters.account}|${filters.action}`} {...filters} />
    </div>
  );
}

function AuditFilters({ account, action }: { account: string; action: string }) {
  const router = useRouter();
  const [accountDraft, setAccountDraft] = useState(account);
  const [actionDraft, setActionDraft] = useState(action);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    router.push(auditHref({ account: accountDraft.trim(), action: actionDraft }));
  }

  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={onSubmit} className={cardClass}>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
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
              {actionDraft && !AUDIT_ACTION_LABELS[actionDraft] && <option value={actionDraft}>{actionDraft}</option>}
            </select>
          )}
        </Field>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primary")}>
            Apply filters
          </button>
          {(account || action) && (
            <Link href="/operator/audit" className={buttonClass("secondary")}>
              Clear
            </Link>
          )}
        </div>
      </div>
    </form>
  );
}

function AuditEntries({ account, action }: { account: string; action: string }) {
  const trpc = useTRPC();
  // The cursors of the pages seen so far: going back to newer entries needs no cursor arithmetic.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const result = useQuery({
    ...trpc.operator.auditLog.queryOptions({ account, action, limit: AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

  const filtered = Boolean(account || action);
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
          <ol
            aria-label="Audit entries, newest first"
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            {result.data.entries.map((entry) => (
              <li key={entry.id} className="px-4 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="font-medium text-slate-900">{actionLabel(entry.action)}</p>
                  <p className="text-xs text-slate-500">
                    <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
                  </p>
                </div>
                <p className="mt-0.5 text-sm break-words text-slate-700">{summariseAudit(entry)}</p>
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
            ))}
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
