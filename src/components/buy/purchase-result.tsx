"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect } from "react";
import { formatDateTime } from "~/components/dates";
import { deliveredItems } from "~/components/delivered-items";
import { formatNaira } from "~/components/money";
import { Reference } from "~/components/reference";
import { StatusBadge } from "~/components/status-badge";
import { buttonClass } from "~/components/ui/buttons";
import { CopyButton } from "~/components/ui/copy-button";
import { Notice, noticeClass } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";
import { OrderSummary } from "./order-summary";
import { SaveRecipientForm } from "./recipients";
import type { Purchase, Seller, SummaryRow } from "./types";
import { useFocusOnMount } from "./use-focus-on-mount";

/** How often a pending purchase is looked up again; the reconciler settles one within seconds. */
const POLL_INTERVAL_MS = 2500;

interface PurchaseResultProps {
  purchase: Purchase;
  seller: Seller;
  recipientLabel: string;
  /** What the token is called for this product ("Token", "PIN"). */
  tokenLabel: string;
  /**
   * Back to the form for a new order (a new reference): `keepOrder` keeps what was ordered (product,
   * recipient, amount), for trying a failed purchase again; otherwise the recipient and amount are
   * cleared for the next customer.
   */
  onNewOrder: (keepOrder: boolean) => void;
}

/**
 * The outcome of a purchase. A pending one is looked up again every few seconds until the provider
 * settles it, and the page changes in place; the wallet balance is refreshed when it does (a failure
 * is refunded).
 */
export function PurchaseResult({ purchase, seller, recipientLabel, tokenLabel, onNewOrder }: PurchaseResultProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const polled = useQuery({
    ...trpc.purchases.transaction.queryOptions({ clientReference: purchase.clientReference }),
    enabled: purchase.status === "pending",
    refetchInterval: (query) => ((query.state.data?.status ?? "pending") === "pending" ? POLL_INTERVAL_MS : false),
  });
  const current = polled.data && polled.data.id === purchase.id ? polled.data : purchase;
  const { status } = current;
  const delivered = deliveredItems(current, tokenLabel);

  useEffect(() => {
    if (status !== "pending") void queryClient.invalidateQueries({ queryKey: trpc.purchases.balance.queryKey() });
  }, [status, queryClient, trpc]);

  const rows: SummaryRow[] = [
    { label: "Product", value: current.productName ?? current.service },
    { label: recipientLabel, value: current.recipient },
    ...(current.customerName ? [{ label: "Customer name", value: current.customerName }] : []),
    { label: status === "failed" ? "Amount (not charged)" : "Amount charged", value: formatNaira(current.amount) },
    {
      label: "Your reference",
      value: (
        <span className="inline-flex flex-wrap items-center justify-end gap-2">
          <Reference value={current.clientReference} className="font-mono" />
          <CopyButton text={current.clientReference} what="reference" />
        </span>
      ),
    },
    ...(current.providerReference
      ? [{ label: "Provider reference", value: <Reference value={current.providerReference} className="font-mono" /> }]
      : []),
    // As the transactions table writes it, so the two can be matched by eye.
    { label: "Time", value: formatDateTime(current.createdAt) },
  ];

  return (
    <section aria-labelledby="result-heading" className="space-y-4">
      {purchase.idempotentReplay && (
        <Notice tone="info" className="font-medium">
          Already bought — this is the original purchase. It was not bought or charged again.
        </Notice>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="result-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {status === "successful" ? "Purchase successful" : status === "failed" ? "Purchase failed" : "Purchase pending"}
        </h2>
        <StatusBadge status={status} />
      </div>

      <div aria-live="polite" className="space-y-2">
        {status === "pending" && (
          <p className={`flex items-center gap-2 ${noticeClass("warning")}`}>
            <span
              aria-hidden="true"
              className="h-3 w-3 shrink-0 animate-spin rounded-full border-2 border-amber-700 border-t-transparent"
            />
            Waiting for the provider… you will see the result here.
          </p>
        )}
        {status === "failed" && (
          <div className={noticeClass("error")}>
            <p className="font-medium">The {seller} rejected this purchase; you were not charged.</p>
            {current.failureReason && <p className="mt-1">{current.failureReason}</p>}
          </div>
        )}
        {status === "successful" && delivered.length > 0 && (
          <dl className="space-y-2 rounded-md border border-emerald-200 bg-emerald-50 p-3" aria-label="What was delivered">
            {delivered.map((item) => (
              <div key={`${item.kind}-${item.label}`}>
                <dt className="text-sm font-medium text-emerald-900">{item.label}</dt>
                <dd
                  className="mt-1 font-mono text-lg font-semibold break-words text-slate-900 sm:text-xl sm:tracking-wide"
                  data-testid={`purchase-${item.kind}`}
                >
                  {item.display}
                </dd>
                {item.copyWhat && (
                  <dd className="mt-1">
                    <CopyButton text={item.value} what={item.copyWhat} />
                  </dd>
                )}
              </div>
            ))}
          </dl>
        )}
      </div>

      <OrderSummary rows={rows} />

      {/* A phone number bought for, to pick again by name (bills' customers are verified afresh each time). */}
      {status !== "failed" && (current.service === "Data" || current.service === "Airtime") && (
        <SaveRecipientForm phone={current.recipient} />
      )}

      <div className="flex flex-col gap-2 sm:flex-row">
        {status === "failed" ? (
          <>
            <button type="button" onClick={() => onNewOrder(true)} className={buttonClass("primary")}>
              Try again
            </button>
            <button type="button" onClick={() => onNewOrder(false)} className={buttonClass("secondary")}>
              Buy another
            </button>
          </>
        ) : (
          <button type="button" onClick={() => onNewOrder(false)} className={buttonClass("primary")}>
            Buy another
          </button>
        )}
        <Link href={`/transactions/${current.id}`} className={buttonClass("secondary")}>
          View this transaction
        </Link>
        <Link href="/transactions" className={buttonClass("secondary")}>
          See all transactions
        </Link>
      </div>
    </section>
  );
}
