"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { formatNaira } from "~/components/money";
import { ACCOUNTS_PAGE_SIZE } from "~/schemas/operator-console";
import { useTRPC } from "~/trpc/react";
import { accountSearchHref, readAccountSearch } from "./account-search-params";
import { formatDate } from "~/components/dates";
import { readProblem, retryUnlessRefused } from "./_components/problem";
import { buttonClass, Empty, ErrorAlert, inputClass, Loading } from "./_components/ui";

/** Search by name or id, a page of results with each account's key figures, and paging links. */
export function AccountList() {
  const trpc = useTRPC();
  const router = useRouter();
  const { query, page } = readAccountSearch(useSearchParams());
  const [draft, setDraft] = useState(query);
  // The back button changes the address, not the box: keep them in step.
  useEffect(() => setDraft(query), [query]);

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
    <section aria-labelledby="account-list-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="account-list-heading" className="text-base font-semibold text-slate-900">
        All accounts
      </h2>
      <form role="search" onSubmit={onSearch} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="account-search" className="block text-sm font-medium text-slate-700">
            Search accounts
          </label>
          <input
            id="account-search"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Name or account id"
            maxLength={200}
            className={inputClass(false)}
          />
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
          <div className="space-y-2">
            <ErrorAlert>The accounts could not be loaded. {readProblem(result.error).message}</ErrorAlert>
            <button type="button" className={buttonClass("secondary")} onClick={() => void result.refetch()}>
              Try again
            </button>
          </div>
        )}
        {result.data && result.data.accounts.length === 0 && (
          <Empty>
            {result.data.total > 0 ? (
              <>
                This page is past the end of the list.{" "}
                <Link href={accountSearchHref(query)} className="font-medium text-emerald-700 underline">
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
            <div className="relative overflow-x-auto rounded-lg border border-slate-200">
              <table className="min-w-full text-sm">
                <thead className="bg-slate-50 text-left text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">Account</th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">Balance</th>
                    <th scope="col" className="px-3 py-2 font-medium">Created</th>
                    <th scope="col" className="px-3 py-2 font-medium">Allowlist</th>
                    <th scope="col" className="px-3 py-2 font-medium">Catalog</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {result.data.accounts.map((account) => (
                    <tr key={account.id}>
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        <Link href={`/operator/accounts/${account.id}`} className="text-emerald-700 underline-offset-2 hover:underline">
                          {account.name}
                        </Link>
                        <span className="block whitespace-nowrap font-mono text-xs font-normal text-slate-500">{account.id}</span>
                      </th>
                      <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatNaira(account.balance)}</td>
                      <td className="whitespace-nowrap px-3 py-2">{formatDate(account.createdAt)}</td>
                      <td className="whitespace-nowrap px-3 py-2">
                        {account.allowlistRequired ? "Required" : "Optional"}
                        <span className="text-slate-500">
                          {" · "}
                          {account.allowlistEntryCount === 1 ? "1 entry" : `${account.allowlistEntryCount} entries`}
                        </span>
                      </td>
                      <td className="whitespace-nowrap px-3 py-2">{account.onProductCatalog ? "On" : "Off"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager query={query} page={result.data.page} pageCount={result.data.pageCount} />
          </>
        )}
      </div>
    </section>
  );
}

function Pager({ query, page, pageCount }: { query: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
  const idle = "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-400";
  return (
    <nav aria-label="Account pages" className="mt-3 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link href={accountSearchHref(query, page - 1)} className={link}>
          Previous
        </Link>
      ) : (
        <span className={idle} aria-disabled="true">Previous</span>
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={accountSearchHref(query, page + 1)} className={link}>
          Next
        </Link>
      ) : (
        <span className={idle} aria-disabled="true">Next</span>
      )}
    </nav>
  );
}
