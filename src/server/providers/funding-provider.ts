/**
 * Money in: a rail that gives each reseller account a bank account number of its own and tells us of
 * the transfers it receives (docs/operating.md "Funding by bank transfer"). Paystack's Dedicated Virtual Accounts
 * are the one rail today (paystack/); another (Monnify's reserved accounts) implements this interface
 * and its own webhook route, and the wallet side (record_bank_transfer, the reconciler, the queue) stays
 * as it is.
 *
 * A method that cannot get a definite answer (time-out, network, 5xx, an answer unlike the rail's
 * documentation) throws UpstreamFault (../upstream-http.ts): the caller leaves everything as it was and
 * tries again later, never guesses.
 */

/** Who the rail's customer is: the reseller account, named by its owner's contact details. */
export interface FundingAccountHolder {
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** International form, +234…. */
  phone: string;
}

/** A dedicated account as the rail reports it. */
export interface AssignedAccount {
  providerAccountId: string;
  bankName: string;
  bankSlug: string | null;
  accountNumber: string;
  accountName: string;
  active: boolean;
}

/** What asking for an account gives at once: the customer, and the account when the rail assigned it already. */
export interface AccountRequest {
  customerCode: string;
  customerId: string;
  assigned: AssignedAccount | null;
}

/** A transfer as the rail confirms it, in kobo. */
export interface ConfirmedTransfer {
  reference: string;
  providerTransactionId: string;
  /** "success" credits; "failed" never will; "pending" may still become either. */
  status: "success" | "failed" | "pending";
  amount: bigint;
  /** What the rail charged us for it. */
  fee: bigint;
  currency: string;
  /** The rail's channel name; only transfers to dedicated accounts fund wallets. */
  channel: string;
  toDedicatedAccount: boolean;
  paidAt: Date;
  customerCode: string | null;
  payerName: string | null;
  payerBank: string | null;
  payerAccountNumber: string | null;
  narration: string | null;
  receiverAccountNumber: string | null;
}

export interface FundingProvider {
  readonly name: string;
  /** Creates (or finds) the customer and asks for a dedicated account; the rail may assign it later (an event). */
  requestAccount(holder: FundingAccountHolder, preferredBank: string): Promise<AccountRequest>;
  /** The customer's active dedicated account, if the rail has assigned one (when its event never came). */
  findAccount(customerId: string): Promise<AssignedAccount | null>;
  /** The rail's own record of a transfer; null when it has none by that reference. */
  confirmTransfer(reference: string): Promise<ConfirmedTransfer | null>;
  /** Successful transfers to dedicated accounts in a window, for the reconciler. */
  listTransfers(window: { from: Date; to: Date }): Promise<ConfirmedTransfer[]>;
}
