"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatNaira } from "~/components/money";
import { accountQuery } from "~/schemas/account-param";
import { useTRPC } from "~/trpc/react";
import { formatDate } from "~/components/dates";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { readProblem } from "../../_components/problem";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { Loading } from "~/components/ui/load-states";
import { ErrorAlert } from "~/components/ui/notices";
import { Figure } from "~/components/ui/figure";
import { AllowlistPanel } from "./allowlist-panel";
import { ApiKeysPanel } from "./api-keys-panel";
import { CatalogPanel } from "./catalog-panel";
import { FundingPanel } from "./funding-panel";
import { PricingPanel } from "./pricing-panel";
import { WalletPanel } from "./wallet-panel";
import { UsersPanel } from "./users-panel";

/** One account: its figures at the top, then a panel per thing an operator changes. */
export function AccountDetail({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const overview = useQuery(trpc.operator.account.queryOptions({ accountId }, { retry: retryUnlessRefused }));

  if (overview.isPending) return <Loading>Loading the account…</Loading>;
  if (overview.isError) {
    const problem = readProblem(overview.error);
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">{problem.appCode === "account.not_found" ? "No such account" : "Account"}</h1>
        <ErrorAlert>
          {problem.appCode === "account.not_found"
            ? "There is no account with this id. It may have been mistyped."
            : `The account could not be loaded. ${problem.message}`}
        </ErrorAlert>
        <div className="flex gap-2">
          {problem.appCode !== "account.not_found" && (
            <button type="button" className={buttonClass("secondary")} onClick={() => void overview.refetch()}>
              Try again
            </button>
          )}
          <Link href="/operator" className={buttonClass("secondary")}>
            Back to accounts
          </Link>
        </div>
      </div>
    );
  }

  const account = overview.data;
  return (
    <div className="space-y-6">
      <div>
        <Link href="/operator" className={`text-sm ${linkClass}`}>
          ← Accounts
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight break-words">{account.name}</h1>
        <p className="mt-1 font-mono text-xs break-all text-slate-500">{account.id}</p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure raised label="Balance" value={<span data-testid="account-balance">{formatNaira(account.balance)}</span>} />
          <Figure raised label="Created" value={formatDate(account.createdAt)} />
          <Figure raised label="Allowlist" value={account.allowlistRequired ? "Required" : "Optional"} />
          <Figure raised label="Product catalog" value={account.onProductCatalog ? "On" : "Off"} />
        </dl>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href={`/transactions${accountQuery(account.id)}`} className={linkClass}>
            Transactions of this account
          </Link>
          <Link href={`/operator/audit?account=${account.id}`} className={linkClass}>
            Audit log for this account
          </Link>
          <Link href={`/invoices?account=${account.id}`} className={linkClass}>
            Invoices
          </Link>
        </p>
      </div>

      <WalletPanel account={account} />
      <FundingPanel accountId={account.id} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AllowlistPanel accountId={account.id} />
        <CatalogPanel accountId={account.id} onProductCatalog={account.onProductCatalog} />
      </div>
      <PricingPanel accountId={account.id} />
      <ApiKeysPanel accountId={account.id} />
      <UsersPanel accountId={account.id} />
    </div>
  );
}
