import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { BankTransferQueue } from "./bank-transfer-queue";

export const metadata: Metadata = { title: "Fundings · Operator · Reseller Portal" };

/** The unmatched bank transfers, to assign or return, and the state of the rail (docs/operating.md "Funding by bank transfer"). */
export default async function OperatorFundingsPage() {
  if (!(await isOperatorSession())) return null;
  prefetch(trpc.operator.bankTransfers.queryOptions({}));

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Fundings</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Bank transfers that could not be credited by themselves: to an account number no account owns any more, or that did not match what
        Paystack confirmed. Assign each to the account it belongs to (it is then credited like any transfer, once) or record that it was
        sent back to the payer. Nothing here is ever dropped.
      </p>
      <div className="mt-6">
        <BankTransferQueue />
      </div>
    </HydrateClient>
  );
}
