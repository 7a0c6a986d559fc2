/**
 * Turns what the server answered into plain words for the person buying. The service's error name
 * (tRPC `data.appCode`) picks the message; the server's own text is shown only where it is already
 * written for people (an unknown customer, an unavailable biller). A failed read is described by the
 * portal's describeLoadError (~/components/describe-error), with no purchase in the picture.
 */
import type { TRPCClientError } from "@trpc/client";
import { appCodeOf, asTrpcError, RATE_LIMITED, SESSION_ENDED } from "~/components/describe-error";
import { formatNaira } from "~/components/money";
import type { AppRouter } from "~/server/trpc/root";

export interface PurchaseErrorContext {
  /** What this order costs, kobo. */
  charge?: bigint;
  /** The wallet balance as last read, kobo. */
  balance?: bigint;
  /** false with the portal's Test data on: the wallet is the test wallet, which the owner refills on the dashboard. */
  livemode?: boolean;
  /** The amount bounds of the product, kobo, when it has any. */
  bounds?: { min: bigint; max: bigint };
}

export const NOT_REACHED =
  "We couldn't reach the server, so we can't tell yet whether this went through. Press the button again: the same order is never charged twice.";

function fieldReasons(error: TRPCClientError<AppRouter>): string | null {
  const data = error.data;
  const fromService = data?.fieldErrors?.map((problem) => `${problem.name}: ${problem.reason}`) ?? [];
  const fromSchema = Object.entries(data?.zodError?.fieldErrors ?? {}).flatMap(([name, reasons]) =>
    ((reasons as string[] | undefined) ?? []).map((reason) => `${name}: ${reason}`),
  );
  const all = [...fromService, ...fromSchema];
  return all.length > 0 ? `Please check the order: ${all.join("; ")}.` : null;
}

export function isInsufficientFunds(error: unknown): boolean {
  return appCodeOf(error) === "wallet.insufficient_funds";
}

export function describePurchaseError(error: unknown, context: PurchaseErrorContext = {}): string {
  const trpcError = asTrpcError(error);
  // No data: the answer never arrived (network down, server restarting).
  if (!trpcError?.data) return NOT_REACHED;

  switch (appCodeOf(error)) {
    case "wallet.insufficient_funds": {
      const cost = context.charge === undefined ? "this purchase costs more" : `this purchase costs ${formatNaira(context.charge)}`;
      const balance = context.balance === undefined ? "the balance is lower" : `the balance is ${formatNaira(context.balance)}`;
      if (context.livemode === false) {
        return `Not enough money in the test wallet: ${cost} and ${balance}. The account owner can top it up or reset it on the dashboard, then try again. Nothing was charged.`;
      }
      return `Not enough money in the wallet: ${cost} and ${balance}. Ask the account owner to fund the wallet, then try again. Nothing was charged.`;
    }
    case "customer.invalid":
      return `${trpcError.message} Check the number and try again. Nothing was charged.`;
    case "amount.out_of_range":
      return context.bounds
        ? `The amount must be between ${formatNaira(context.bounds.min)} and ${formatNaira(context.bounds.max)}. Nothing was charged.`
        : "That amount is outside what this product allows. Nothing was charged.";
    case "plan.not_found":
    case "network.not_found":
    case "service.not_found":
      return "That product is no longer on sale. Go back and choose another. Nothing was charged.";
    case "plan.unavailable":
      return "This product has been withdrawn from sale since the list was loaded. Go back and choose another. Nothing was charged.";
    case "network.unavailable":
      return "Airtime on this network is not on sale right now. Choose another network or try again later. Nothing was charged.";
    case "transaction.idempotency_conflict":
      return "This order's reference was already used for a different order. Start a new order. Nothing was charged.";
    case "provider.unavailable":
      return trpcError.message;
    case "rate_limit.exceeded":
      return RATE_LIMITED;
    case "unauthorized":
      return SESSION_ENDED;
    case "forbidden":
      return trpcError.message;
    case "validation.failed":
      return fieldReasons(trpcError) ?? trpcError.message;
    default:
      if (trpcError.data.code === "BAD_REQUEST") return fieldReasons(trpcError) ?? "Please check the order and try again.";
      return "Something went wrong on our side, so we can't tell yet whether this went through. Press the button again: the same order is never charged twice.";
  }
}
