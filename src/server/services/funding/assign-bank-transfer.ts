/**
 * An operator credits an unmatched bank transfer to the account it belongs to (the payer's confirmation,
 * a receipt: the note says which). assign_bank_transfer credits it exactly as a matched transfer is
 * credited (fee policy, one FUNDING ledger entry, `wallet.funded`), and only while it is still
 * unmatched, so two operators acting at once credit it once. Audited with the operator's note.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db, sql } from "~/server/db";
import { isUniqueViolation } from "~/server/db/is-unique-violation";
import { AppError } from "~/server/errors";
import { fundingSettings } from "~/server/providers/funding";
import { parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import { assignBankTransferInput, type AssignBankTransferInput } from "~/schemas/funding";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";

function actorLabel(actor: Actor): string {
  return actor.kind === "user" ? actor.email : actor.kind === "cli" ? actor.label : actor.kind;
}

export async function assignBankTransfer(
  actor: Actor,
  input: AssignBankTransferInput,
): Promise<{ transferId: string; ledgerEntryId: string }> {
  assertOperator(actor);
  const { transferId, accountId, note } = parseInput(assignBankTransferInput, input);
  const deductFee = fundingSettings().feePolicy === "net";
  try {
    return await db.$transaction(async (tx) => {
      const transfer = isUuid(transferId) ? await tx.bankTransfer.findUnique({ where: { id: transferId } }) : null;
      if (!transfer || !transfer.livemode) throw new AppError("bank_transfer.not_found", "No such bank transfer.");
      if (transfer.status !== "UNMATCHED")
        throw new AppError(
          "bank_transfer.already_resolved",
          `This transfer was already ${transfer.status.toLowerCase()}; nothing changed.`,
        );
      await findAccountOrThrow(tx, accountId);
      if (deductFee && transfer.amount <= transfer.providerFee)
        throw new AppError("validation.failed", "The fee is not less than the amount: nothing would be credited.", [
          { name: "transferId", reason: "is smaller than its fee; return it instead" },
        ]);
      const [assigned] = await tx.$queryRaw<{ transfer_id: string; ledger_entry_id: bigint }[]>(sql`
        SELECT * FROM assign_bank_transfer(${transferId}::uuid, ${accountId}::uuid, ${deductFee},
                                           ${actor.kind === "user" ? actor.userId : null}::uuid, ${actorLabel(actor)}, ${note})`);
      if (!assigned) throw new AppError("bank_transfer.already_resolved", "This transfer was resolved meanwhile; nothing changed.");
      await recordAuditEntry(tx, actor, {
        action: "bank_transfer.assign",
        accountId,
        targetType: "bank_transfer",
        targetId: transferId,
        details: { reference: transfer.reference, amount: transfer.amount.toString(), note },
      });
      return { transferId, ledgerEntryId: assigned.ledger_entry_id.toString() };
    });
  } catch (error) {
    if (isUniqueViolation(error, ["account_id", "funding_reference"]))
      throw new AppError(
        "wallet.duplicate_funding_reference",
        "This account was already funded with this transfer's reference; nothing changed.",
      );
    throw error;
  }
}
