"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/trpc/root";
import { buyAgainHref } from "~/components/buy/buy-again";
import { deliveredItems } from "~/components/delivered-items";
import { buttonClass } from "~/components/ui/buttons";
import { formatNaira } from "~/components/money";
import { ModeBadge, StatusBadge } from "~/components/status-badge";
import { CopyButton } from "~/components/ui/copy-button";
import { PageQueryStates } from "~/components/ui/load-states";
import { Notice } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";
import { formatDateTime } from "~/components/dates";
import { serviceName } from "../transaction-table";
import { Reference } from "~/components/reference";

const PENDING_REFRESH_MS = 5_000;

type TransactionView = inferRouterOutputs<AppRouter>["transactions"]["byId"];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

const none = <span className="text-slate-400">—</span>;

/**
 * `buyingMode`: whether the viewer buys live (true) or with test data (false), for "Buy again"; null for
 * an operator, who does not buy.
 */
export function TransactionDetail({ id, buyingMode }: { id: string; buyingMode: boolean | null }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.transactions.byId.queryOptions(
      { id },
      { refetchInterval: (current) => (current.state.data?.status === "pending" ? PENDING_REFRESH_MS : false) },
    ),
  );

  return (
    <PageQueryStates query={query} loading="Loading the transaction…" what="this transaction">
      {(transaction) => <TransactionFacts transaction={transaction} buyingMode={buyingMode} />}
    </PageQueryStates>
  );
}

/**
 * The page prints as the purchase's receipt (the portal's header, navigation and buttons are left off
 * the paper; what was delivered, the token or PINs, is on it): "Print receipt" opens the browser's print
 * dialog, where "Save as PDF" makes a file to send the customer.
 */
function TransactionFacts({ transaction, buyingMode }: { transaction: TransactionView; buyingMode: boolean | null }) {
  const buyAgain = buyingMode === transaction.livemode ? buyAgainHref(transaction) : null;
  return (
    <article aria-labelledby="transaction-heading" className="mt-4">
      <p className="hidden text-sm font-semibold text-emerald-700 print:block">Reseller Portal · Receipt</p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="transaction-heading" className="min-w-0 text-2xl font-semibold tracking-tight">
          <Reference value={transaction.clientReference} />
        </h1>
        <StatusBadge status={transaction.status} />
        {/* A test purchase can be opened by its address with test data off: it must not pass for a real one. */}
        {!transaction.livemode && <ModeBadge livemode={false} />}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {serviceName(transaction.service)}
        {transaction.productName ? ` · ${transaction.productName}` : ""} · {formatNaira(transaction.amount)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2 print:hidden">
        {buyAgain && (
          <Link href={buyAgain} className={buttonClass("primary")}>
            Buy again
          </Link>
        )}
        <button type="button" onClick={() => window.print()} className={buttonClass("secondary")}>
          Print receipt
        </button>
      </div>
      {transaction.status === "pending" && (
        <Notice tone="warning" className="mt-3">
          The provider hasn&apos;t confirmed this purchase yet. This page updates by itself once it settles; if it fails, the amount is
          returned to the wallet.
        </Notice>
      )}
      {transaction.status === "failed" && (
        <Notice tone="error" className="mt-3">
          This purchase failed and its amount was returned to the wallet.
        </Notice>
      )}

      <dl className="mt-5 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4 shadow-sm">
        <Field label="Status">
          <StatusBadge status={transaction.status} />
        </Field>
        <Field label="Amount">{formatNaira(transaction.amount)}</Field>
        <Field label="Mode">
          {transaction.livemode ? "Live" : "Test: bought from the sandbox with the test wallet; nothing was delivered or charged"}
        </Field>
        <Field label="Service">{serviceName(transaction.service)}</Field>
        <Field label="Product">{transaction.productName ?? none}</Field>
        <Field label="Recipient">
          <span className="font-mono">{transaction.recipient}</span>
          {transaction.customerName ? ` (${transaction.customerName})` : ""}
        </Field>
        {deliveredItems(transaction, transaction.service === "Education" ? "PIN" : "Token").map((item) => (
          <Field key={`${item.kind}-${item.label}`} label={item.label}>
            <span className="flex flex-wrap items-center gap-3">
              <span className="font-mono text-base tracking-wider">{item.display}</span>
              {item.copyWhat && <CopyButton text={item.value} what={item.copyWhat} />}
            </span>
          </Field>
        ))}
        {transaction.failureReason && <Field label="Failure reason">{transaction.failureReason}</Field>}
        <Field label="Client reference">
          <span className="flex flex-wrap items-center gap-3">
            <Reference value={transaction.clientReference} className="font-mono" />
            <CopyButton text={transaction.clientReference} what="reference" />
          </span>
        </Field>
        <Field label="Provider reference">
          {transaction.providerReference ? <Reference value={transaction.providerReference} className="font-mono" /> : none}
        </Field>
        {/* The id support looks a purchase up by: the API's and webhook events' `id` for it, and the invoice CSV's. */}
        <Field label="Transaction ID">
          <span className="flex flex-wrap items-center gap-3">
            <span className="font-mono text-xs break-all">{transaction.id}</span>
            <CopyButton text={transaction.id} what="transaction ID" />
          </span>
          <span className="mt-1 block text-xs text-slate-500">Quote it when you contact support about this purchase.</span>
        </Field>
        <Field label="Channel">
          {transaction.channel === "api" ? (
            <>API{transaction.apiKeyName ? <> · key &ldquo;{transaction.apiKeyName}&rdquo;</> : ""}</>
          ) : (
            <>Portal{transaction.userEmail ? ` · ${transaction.userEmail}` : ""}</>
          )}
        </Field>
        <Field label="Source address">
          <span className="font-mono">{transaction.sourceIp}</span>
        </Field>
        <Field label="Created (Lagos)">{formatDateTime(transaction.createdAt)}</Field>
        <Field label="Completed (Lagos)">{transaction.completedAt ? formatDateTime(transaction.completedAt) : none}</Field>
      </dl>
    </article>
  );
}
