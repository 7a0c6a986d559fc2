"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { formatNaira } from "~/components/money";
import { ACCOUNTS_PAGE_SIZE } from "~/schemas/operator-console";
import { useTRPC } from "~/trpc/react";
import { accountSearchHref, readAccountSearch } from "./account-search-params";
import { formatDate } from "~/components/dates";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import { Empty, LoadError, Loading } from "~/components/ui/load-states";
import { Panel } from "~/components/ui/panel";
import { AccountQueryField } from "./_components/account-query-field";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { readProblem } from "./_components/problem";

const ACCOUNT_COLUMNS = "sm:grid-cols-[minmax(0,2fr)_8rem_6.5rem_minmax(0,1.3fr)_4rem]";

/** Search by name or id, a page of results with each account's key figures, and paging links. */
export function AccountList() {
  const trpc = useTRPC();
  const router = useRouter();
  const { query, page } = readAccountSearch(useSearchParams());
  const [draft, setDraft] = useState(query);
  // The back button changes the address, not the box: keep them in step, during render rather than in an
  // effect (React's "adjusting state when a prop changes"), so the box never shows the old query.
  const [draftOf, setDraftOf] = useState(query);
  if (draftOf !== query) {
    setDraftOf(query);
    setDraft(query);
  }

  const result = useQuery({
    ...trpc.operator.searchAccounts.queryOptions({ query, page, pageSize: ACCOUNTS_PAGE_SIZE }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    router.push(accountSearchHref(draft.trim()));
  }

  return (
    <Panel id="account-list-heading" title="All accounts">
      <form role="search" onSubmit={onSearch} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <AccountQueryField id="account-search" label="Search accounts" value={draft} onChange={setDraft} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primary")}>
            Search
          </button>
          {query && (
            <Link href="/operator" className={buttonClass("secondary")}>
              Clear
            </Link>
          )}
        </div>
      </form>

      <div className="mt-4" aria-busy={result.isFetching}>
        {result.isPending && <Loading>Loading accounts…</Loading>}
        {result.isError && (
          <LoadError
            message={`The accounts could not be loaded. ${readProblem(result.error).message}`}
            onRetry={() => void result.refetch()}
            retrying={result.isFetching}
          />
        )}
        {result.data && result.data.accounts.length === 0 && (
          <Empty>
            {result.data.total > 0 ? (
              <>
                This page is past the end of the list.{" "}
                <Link href={accountSearchHref(query)} className={linkClass}>
                  Go to the first page
                </Link>
              </>
            ) : query ? (
              `No account matches “${query}”.`
            ) : (
              "There are no accounts yet. Create the first one above."
            )}
          </Empty>
        )}
        {result.data && result.data.accounts.length > 0 && (
          <>
            <p className="mb-2 text-sm text-slate-600" role="status">
              {result.data.total === 1 ? "1 account" : `${result.data.total.toLocaleString("en-NG")} accounts`}
              {query ? ` matching “${query}”` : ""}
              {result.isPlaceholderData ? " · updating…" : ""}
            </p>
            <ResponsiveList
              label="Accounts"
              columns={ACCOUNT_COLUMNS}
              headings={["Account", "Balance", "Created", "Allowlist", "Catalog"]}
              withActions={false}
              items={result.data.accounts}
              itemKey={(account) => account.id}
            >
              {(account) => (
                <>
                  <div className="min-w-0">
                    <Link href={`/operator/accounts/${account.id}`} className={`${linkClass} font-medium break-words`}>
                      {account.name}
                    </Link>
                    <span className="block truncate font-mono text-xs text-slate-500" title={account.id}>
                      {account.id}
                    </span>
                  </div>
                  <ItemFacts>
                    <ItemFact label="Balance">
                      <span className="tabular-nums">{formatNaira(account.balance)}</span>
                    </ItemFact>
                    <ItemFact label="Created">{formatDate(account.createdAt)}</ItemFact>
                    <ItemFact label="Allowlist">
                      {account.allowlistRequired ? "Required" : "Optional"}
                      <span className="text-slate-500">
                        {" · "}
                        {account.allowlistEntryCount === 1 ? "1 entry" : `${account.allowlistEntryCount} entries`}
                      </span>
                    </ItemFact>
                    <ItemFact label="Catalog">{account.onProductCatalog ? "On" : "Off"}</ItemFact>
                  </ItemFacts>
                </>
              )}
            </ResponsiveList>
            <Pager query={query} page={result.data.page} pageCount={result.data.pageCount} />
          </>
        )}
      </div>
    </Panel>
  );
}

function Pager({ query, page, pageCount }: { query: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = buttonClass("secondary", "sm");
  const idle = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400";
  return (
    <nav aria-label="Account pages" className="mt-3 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link href={accountSearchHref(query, page - 1)} className={link}>
          Previous
        </Link>
      ) : (
        <span className={idle} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={accountSearchHref(query, page + 1)} className={link}>
          Next
        </Link>
      ) : (
        <span className={idle} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
