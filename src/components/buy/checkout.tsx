"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { formatNaira } from "~/components/money";
import { buttonClass } from "~/components/ui/buttons";
import { ErrorAlert } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";
import { describePurchaseError, isInsufficientFunds, type PurchaseErrorContext } from "./describe-error";
import { OrderSummary } from "./order-summary";
import { PurchaseResult } from "./purchase-result";
import type { Purchase, Seller, SummaryRow } from "./types";
import { useFocusOnMount } from "./use-focus-on-mount";

export interface CheckoutProps {
  /** The attempt's reference: the same for every resubmission of this order (see useOrderAttempt). */
  clientReference: string;
  rows: readonly SummaryRow[];
  /** Exactly what the wallet will be charged, kobo. */
  charge: bigint;
  seller: Seller;
  recipientLabel: string;
  tokenLabel?: string;
  bounds?: PurchaseErrorContext["bounds"];
  purchase: (clientReference: string) => Promise<Purchase>;
  onBack: () => void;
  /** The attempt reached an answer: the next order must get a new reference. */
  onSettled: () => void;
  /** From the result: see PurchaseResult. */
  onNewOrder: (keepOrder: boolean) => void;
}

/**
 * The confirm step and then the result. One submission at a time: the ref guard holds between a
 * click and React re-rendering the button disabled, so even a fast double click sends one request
 * (and the server would answer a second one with the original purchase anyway).
 */
export function Checkout(props: CheckoutProps) {
  const { clientReference, rows, charge, purchase, onBack, onSettled } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const balance = useQuery(trpc.purchases.balance.queryOptions());
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<Purchase | null>(null);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      const bought = await purchase(clientReference);
      onSettled();
      setResult(bought);
    } catch (caught) {
      // The message names the balance, so it must be the balance now, not the one on screen.
      if (isInsufficientFunds(caught)) await balance.refetch();
      setError(caught);
    } finally {
      inFlight.current = false;
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: trpc.purchases.balance.queryKey() });
    }
  }

  if (result) {
    return (
      <PurchaseResult
        purchase={result}
        seller={props.seller}
        recipientLabel={props.recipientLabel}
        tokenLabel={props.tokenLabel ?? "Token"}
        onNewOrder={props.onNewOrder}
      />
    );
  }

  const walletBalance = balance.data?.balance;
  const walletName = balance.data?.livemode === false ? "Test wallet balance" : "Wallet balance";
  const errorText = error
    ? describePurchaseError(error, { charge, balance: walletBalance, livemode: balance.data?.livemode, bounds: props.bounds })
    : null;

  return (
    <section aria-labelledby="confirm-heading" className="space-y-4">
      <h2 id="confirm-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Confirm your purchase
      </h2>
      <OrderSummary rows={rows} />
      <div className="rounded-md bg-slate-50 px-3 py-3">
        <p className="text-sm text-slate-600">You will be charged</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid="checkout-charge">
          {formatNaira(charge)}
        </p>
        {walletBalance !== undefined && (
          <p className="mt-1 text-sm text-slate-600">
            {walletBalance >= charge
              ? `${walletName} ${formatNaira(walletBalance)}, ${formatNaira(walletBalance - charge)} after this purchase.`
              : `${walletName} ${formatNaira(walletBalance)}: not enough for this purchase.`}
          </p>
        )}
      </div>
      {errorText && <ErrorAlert>{errorText}</ErrorAlert>}
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-end">
        <button type="button" onClick={() => void confirm()} disabled={pending} className={buttonClass("primary")}>
          {pending ? "Buying…" : `Confirm and pay ${formatNaira(charge)}`}
        </button>
        <button type="button" onClick={onBack} disabled={pending} className={buttonClass("secondary")}>
          Back
        </button>
      </div>
    </section>
  );
}
