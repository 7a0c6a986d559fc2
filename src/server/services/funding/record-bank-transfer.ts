/**
 * The one way money comes in by bank transfer: record_bank_transfer (migration
 * 20261126210740_bank_transfer_funding), one statement that claims the provider's reference (unique per
 * provider: a transfer is recorded exactly once, whoever reports it, however often, in whichever
 * process, across crashes), matches it to a funding account and credits the wallet of its mode with a
 * FUNDING ledger entry (whose trigger writes `wallet.funded`), or records it UNMATCHED for the
 * operators. Webhooks, the reconciler and test mode's simulated transfers all come through here.
 */
import { db, sql, type DbClient } from "~/server/db";
import type { BankTransferStatus } from "~/generated/prisma/enums";
import { fundingSettings } from "~/server/providers/funding";
import type { ConfirmedTransfer } from "~/server/providers/funding-provider";

export type RecordedVia = "webhook" | "reconciler" | "simulation";

export interface RecordedTransfer {
  transferId: string;
  status: BankTransferStatus;
  /** False: it had been recorded before (a repeat); nothing changed now. */
  newlyRecorded: boolean;
}

export async function recordBankTransfer(
  provider: string,
  transfer: ConfirmedTransfer,
  options: { via: RecordedVia; mismatch?: string | null },
  client: DbClient = db,
): Promise<RecordedTransfer> {
  const deductFee = fundingSettings().feePolicy === "net";
  const [row] = await client.$queryRaw<{ transfer_id: string; transfer_status: BankTransferStatus; newly_recorded: boolean }[]>(sql`
    SELECT * FROM record_bank_transfer(
      ${provider}, ${transfer.reference}, ${transfer.providerTransactionId}, ${transfer.amount}::bigint, ${transfer.fee}::bigint,
      ${transfer.currency}, ${transfer.channel}, ${transfer.payerName}, ${transfer.payerBank}, ${transfer.payerAccountNumber},
      ${transfer.narration}, ${transfer.receiverAccountNumber}, ${transfer.customerCode}, ${transfer.paidAt}::timestamptz,
      ${deductFee}, ${options.mismatch ?? null}, ${options.via})`);
  if (!row) throw new Error(`record_bank_transfer returned nothing for ${transfer.reference}`);
  return { transferId: row.transfer_id, status: row.transfer_status, newlyRecorded: row.newly_recorded };
}
