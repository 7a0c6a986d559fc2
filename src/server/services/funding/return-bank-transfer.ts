/**
 * An operator records that an unmatched bank transfer went back to its payer (refunded outside this
 * service: Paystack's dashboard, a bank transfer), with the note saying how. It leaves the queue and
 * can never be credited afterwards. Only an unmatched transfer changes; audited.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import { returnBankTransferInput, type ReturnBankTransferInput } from "~/schemas/funding";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";

export async function returnBankTransfer(actor: Actor, input: ReturnBankTransferInput): Promise<{ transferId: string }> {
  assertOperator(actor);
  const { transferId, note } = parseInput(returnBankTransferInput, input);
  return db.$transaction(async (tx) => {
    const transfer = isUuid(transferId) ? await tx.bankTransfer.findUnique({ where: { id: transferId } }) : null;
    if (!transfer || !transfer.livemode) throw new AppError("bank_transfer.not_found", "No such bank transfer.");
    const { count } = await tx.bankTransfer.updateMany({
      where: { id: transferId, status: "UNMATCHED" },
      data: {
        status: "RETURNED",
        resolutionNote: note,
        resolvedBy: actor.kind === "user" ? actor.email : actor.kind === "cli" ? actor.label : actor.kind,
        resolvedAt: new Date(),
      },
    });
    if (count === 0)
      throw new AppError("bank_transfer.already_resolved", `This transfer was already ${transfer.status.toLowerCase()}; nothing changed.`);
    await recordAuditEntry(tx, actor, {
      action: "bank_transfer.return",
      accountId: null,
      targetType: "bank_transfer",
      targetId: transferId,
      details: { reference: transfer.reference, amount: transfer.amount.toString(), note },
    });
    return { transferId };
  });
}
