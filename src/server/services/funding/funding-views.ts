/**
 * How funding accounts and fundings look to resellers (REST, the portal): shaped here once from their
 * rows, as webhook-event-view.ts shapes events, so the API and the pages cannot drift apart.
 */
import type { FundingAccount } from "~/generated/prisma/client";
import type { FundingAccountView, FundingView } from "~/schemas/funding";
import type { FeePolicy } from "~/server/providers/funding";

export function toFundingAccountView(row: FundingAccount, feePolicy: FeePolicy): FundingAccountView {
  return {
    provider: row.provider as FundingAccountView["provider"],
    bankName: row.bankName,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
    status: row.status.toLowerCase() as FundingAccountView["status"],
    failureReason: row.failureReason,
    // Test mode credits net like a live account under the "net" policy would: the policy is the deployment's.
    feePolicy,
    livemode: row.livemode,
  };
}

/** A FUNDING ledger entry with its bank transfer, if it came from one (list-fundings.ts selects these). */
export interface FundingRow {
  id: bigint;
  funding_reference: string | null;
  amount: bigint;
  fee: bigint | null;
  from_transfer: boolean;
  payer_name: string | null;
  payer_bank: string | null;
  paid_at: Date | null;
  created_at: Date;
  livemode: boolean;
}

export function toFundingView(row: FundingRow): FundingView {
  return {
    id: row.id.toString(),
    reference: row.funding_reference,
    amount: Number(row.amount),
    fee: Number(row.fee ?? 0n),
    channel: row.from_transfer ? "bank_transfer" : row.livemode ? "manual" : "test_top_up",
    payerName: row.payer_name,
    payerBank: row.payer_bank,
    paidAt: row.paid_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    livemode: row.livemode,
  };
}
