import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { ACCOUNTS_PAGE_SIZE } from "~/schemas/operator-console";
import { AccountList } from "./account-list";
import { readAccountSearch } from "./account-search-params";
import { CreateAccountPanel } from "./create-account-panel";
import { isOperatorSession } from "./operator-page-guard";

export const metadata: Metadata = { title: "Accounts · Operator · Reseller Portal" };

export default async function OperatorAccountsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!(await isOperatorSession())) return null;
  const { query, page } = readAccountSearch(
    new URLSearchParams(Object.entries(await searchParams).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : []))),
  );
  prefetch(trpc.operator.searchAccounts.queryOptions({ query, page, pageSize: ACCOUNTS_PAGE_SIZE }));

  return (
    <HydrateClient>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Accounts</h1>
          <p className="mt-1 text-sm text-slate-600">Find a reseller account by name or id, or open a new one.</p>
        </div>
      </div>
      <div className="mt-6 space-y-6">
        <CreateAccountPanel />
        <AccountList />
      </div>
    </HydrateClient>
  );
}
