/**
 * Nothing missed (docs/operating.md "Funding by bank transfer"): Paystack's successful transfers to dedicated
 * accounts of the last PAYSTACK_RECONCILE_LOOKBACK_HOURS are listed, and each one not yet recorded (its
 * webhook never came, or came while we could not take it) goes through the very path a webhook takes
 * (receive-bank-transfer.ts: verify, then record_bank_transfer), so it is credited or queued exactly
 * once whichever of the two gets there first. Funding accounts still pending a minute after they were
 * asked for are looked up too, in case their assignment event was lost.
 *
 * Run by one server process at a time on a schedule (bank-transfer-reconciler-loop.ts) and by
 * `npm run admin -- funding:reconcile`. A transfer that cannot be decided now is counted and left for
 * the next pass.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { env } from "~/env";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { logger } from "~/server/log";
import { fundingSettings } from "~/server/providers/funding";
import { recordAccountAssignment } from "./record-account-assignment";
import { receiveBankTransfer } from "./receive-bank-transfer";

/** A pending account request younger than this is left to its event. */
const ASSIGNMENT_EVENT_GRACE_MS = 60_000;

export interface BankTransferReconciliation {
  from: string;
  to: string;
  /** Successful transfers to dedicated accounts Paystack listed in the window. */
  listed: number;
  credited: number;
  queued: number;
  /** Listed, and recorded before (their webhook came): nothing to do. */
  alreadyRecorded: number;
  ignored: number;
  /** Could not be decided now (Paystack or the database failed): left for the next pass. */
  failed: number;
  accountsAssigned: number;
}

export async function reconcileBankTransfers(actor: Actor, options: { lookbackHours?: number } = {}): Promise<BankTransferReconciliation> {
  assertOperator(actor);
  const { provider } = fundingSettings();
  if (!provider) throw new AppError("funding.not_configured", "Funding by bank transfer is not configured (PAYSTACK_SECRET_KEY).");
  const to = new Date();
  const from = new Date(to.getTime() - (options.lookbackHours ?? env.PAYSTACK_RECONCILE_LOOKBACK_HOURS) * 3_600_000);
  const result: BankTransferReconciliation = {
    from: from.toISOString(),
    to: to.toISOString(),
    listed: 0,
    credited: 0,
    queued: 0,
    alreadyRecorded: 0,
    ignored: 0,
    failed: 0,
    accountsAssigned: 0,
  };

  const listed = await provider.listTransfers({ from, to });
  result.listed = listed.length;
  const recorded = new Set(
    (
      await db.bankTransfer.findMany({
        where: { provider: provider.name, reference: { in: listed.map((transfer) => transfer.reference) } },
        select: { reference: true },
      })
    ).map((row) => row.reference),
  );
  result.alreadyRecorded = recorded.size;
  for (const transfer of listed.filter((candidate) => !recorded.has(candidate.reference))) {
    try {
      const received = await receiveBankTransfer(transfer.reference, "reconciler", transfer);
      if (received.action === "credited") result.credited += 1;
      else if (received.action === "queued") result.queued += 1;
      else if (received.action === "already_recorded") result.alreadyRecorded += 1;
      else result.ignored += 1;
      if (received.action === "credited" || received.action === "queued")
        logger.info(
          { component: "bank-transfer-reconciler", reference: transfer.reference, ...received },
          "bank transfer found by the reconciler",
        );
    } catch (error) {
      result.failed += 1;
      logger.warn(
        { component: "bank-transfer-reconciler", reference: transfer.reference, err: error },
        "bank transfer left for the next pass",
      );
    }
  }

  const waiting = await db.fundingAccount.findMany({
    where: {
      provider: provider.name,
      status: "PENDING",
      providerCustomerId: { not: null },
      updatedAt: { lt: new Date(Date.now() - ASSIGNMENT_EVENT_GRACE_MS) },
    },
  });
  for (const account of waiting) {
    try {
      const assigned = await provider.findAccount(account.providerCustomerId!);
      if (!assigned) continue;
      const outcome = await recordAccountAssignment(
        provider.name,
        { code: account.providerCustomerCode!, id: account.providerCustomerId, accountId: account.accountId },
        { assigned },
      );
      if (outcome.action === "activated") result.accountsAssigned += 1;
    } catch (error) {
      logger.warn(
        { component: "bank-transfer-reconciler", fundingAccountId: account.id, err: error },
        "funding account left pending for the next pass",
      );
    }
  }
  return result;
}
