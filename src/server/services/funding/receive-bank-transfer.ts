/**
 * A transfer Paystack told us of (a `charge.success` webhook, or a transaction the reconciler listed):
 * confirmed with Paystack's verify endpoint before any money moves, then recorded exactly once
 * (record-bank-transfer.ts). What the notice itself said is never believed; it only names the
 * reference, and is compared with what verify answers: a disagreement is queued for an operator, not
 * credited.
 *
 * Outcomes: credited, queued (unmatched), already recorded (a repeat: nothing changes), or ignored (not
 * a successful transfer to a dedicated account; nothing to do, now or later). Throws when nothing can
 * be decided now (Paystack unreachable, the transfer still pending there, the database down): the
 * webhook is answered 5xx so Paystack sends it again, and the reconciler tries again on its next pass.
 */
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { fundingSettings } from "~/server/providers/funding";
import type { ConfirmedTransfer } from "~/server/providers/funding-provider";
import { UpstreamFault } from "~/server/providers/upstream-http";
import { recordBankTransfer, type RecordedVia } from "./record-bank-transfer";

export interface ReceivedTransfer {
  action: "credited" | "queued" | "already_recorded" | "ignored";
  reason: string;
  transferId?: string;
}

/** What the notice claimed, where it disagrees with Paystack's own record; null when they agree. */
function disagreement(notified: ConfirmedTransfer, confirmed: ConfirmedTransfer): string | null {
  const fields = ["amount", "currency", "customerCode", "receiverAccountNumber"] as const;
  const differing = fields.filter((field) => notified[field] !== null && String(notified[field]) !== String(confirmed[field]));
  if (differing.length === 0) return null;
  const listed = differing.map((field) => `${field} ${String(notified[field])} (verified: ${String(confirmed[field])})`).join(", ");
  return `The notice and Paystack's verification disagree: ${listed}.`;
}

export async function receiveBankTransfer(
  reference: string,
  via: Exclude<RecordedVia, "simulation">,
  notified: ConfirmedTransfer | null = null,
): Promise<ReceivedTransfer> {
  const { provider } = fundingSettings();
  if (!provider) throw new AppError("funding.not_configured", "Funding by bank transfer is not configured on this service.");
  // A repeat is answered from the database, without asking Paystack again.
  const known = await db.bankTransfer.findUnique({ where: { provider_reference: { provider: provider.name, reference } } });
  if (known) return { action: "already_recorded", reason: `already ${known.status.toLowerCase()}`, transferId: known.id };

  const confirmed = await provider.confirmTransfer(reference);
  if (!confirmed) return { action: "ignored", reason: "Paystack has no transaction with this reference" };
  if (confirmed.status === "pending") throw new UpstreamFault("unexpected-answer", `transaction ${reference} is not final at Paystack yet`);
  if (confirmed.status === "failed") return { action: "ignored", reason: "the transaction did not succeed" };
  if (!confirmed.toDedicatedAccount)
    return { action: "ignored", reason: `a ${confirmed.channel} payment, not a transfer to a dedicated account` };

  const recorded = await recordBankTransfer(provider.name, confirmed, { via, mismatch: notified && disagreement(notified, confirmed) });
  if (!recorded.newlyRecorded)
    return { action: "already_recorded", reason: `already ${recorded.status.toLowerCase()}`, transferId: recorded.transferId };
  return recorded.status === "CREDITED"
    ? { action: "credited", reason: "credited", transferId: recorded.transferId }
    : { action: "queued", reason: "matched no account: queued for an operator", transferId: recorded.transferId };
}
