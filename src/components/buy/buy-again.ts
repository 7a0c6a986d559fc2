/**
 * "Buy again" from a transaction's page: the same product, recipient and amount, carried to the Buy form
 * in its address, where the buyer checks the order and confirms it like any other (a new order, with a
 * new reference; nothing is bought by following the link). Data and airtime only: a bill's customer must
 * be verified again with the biller, so a bill starts from its form (docs/integrating.md, "What was delivered").
 */
import { nairaInputValue } from "~/components/money";

export interface BuyAgainOrder {
  networkId: string;
  phone: string;
  /** Data: the plan. */
  planId?: string;
  /** Airtime: the amount as the form's field shows it ("500", "1,500.50"). */
  amount?: string;
}

/** Where "Buy again" goes for a transaction, or null for one that cannot be bought again from a form. */
export function buyAgainHref(transaction: {
  service: string;
  networkId: string | null;
  planId: string | null;
  recipient: string;
  amount: bigint;
}): string | null {
  const { service, networkId, planId, recipient } = transaction;
  if (!networkId) return null;
  if (service === "Data" && planId) return `/buy/data?${new URLSearchParams({ network: networkId, plan: planId, phone: recipient })}`;
  if (service === "Airtime") {
    return `/buy/airtime?${new URLSearchParams({ network: networkId, phone: recipient, amount: nairaInputValue(transaction.amount) })}`;
  }
  return null;
}

/** The order in a Buy page's address (what buyAgainHref wrote), or null when there is none. */
export function readBuyAgain(params: Record<string, string | string[] | undefined>): BuyAgainOrder | null {
  const text = (name: string) => {
    const value = params[name];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const networkId = text("network");
  const phone = text("phone");
  if (!networkId || !phone) return null;
  return { networkId, phone, planId: text("plan"), amount: text("amount") };
}
