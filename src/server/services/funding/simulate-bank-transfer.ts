/**
 * Test mode's "simulate a transfer" (the Fund wallet page's button, POST /api/v1/fundings/simulate with a
 * pk_test_ key): a transfer to the account's simulated funding account, recorded and credited to the
 * test wallet by the same statement as a real one (record-bank-transfer.ts), fee policy included (the
 * fee is Paystack's for a dedicated account: 1%, capped at ₦300), with its test `wallet.funded` event.
 * Only in test mode; the account's owner or its API key; audited like a test-wallet top-up.
 */
import { randomBytes } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, assertOwnerApiKeyOrOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { simulatedTransferFee } from "~/server/providers/funding";
import { DEDICATED_NUBAN } from "~/server/providers/paystack/paystack-funding-provider";
import { parseInput } from "~/server/validation/parse-input";
import { simulateTransferInput, type FundingView, type SimulateTransferInput } from "~/schemas/funding";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { selectFundings } from "./funding-reads";
import { toFundingView } from "./funding-views";
import { listFundingAccounts, SIMULATED_BANK_NAME } from "./list-funding-accounts";
import { recordBankTransfer } from "./record-bank-transfer";

export async function simulateBankTransfer(actor: Actor, named: string | null, input: SimulateTransferInput): Promise<FundingView> {
  const accountId = actingAccountId(actor, named);
  assertOwnerApiKeyOrOperator(actor, accountId);
  if (actorLivemode(actor))
    throw new AppError(
      "funding.test_mode_only",
      "Transfers can only be simulated in test mode: with a pk_test_ key, or with Test data on in the portal. A live wallet is funded by a real transfer.",
    );
  const { amount, payerName } = parseInput(simulateTransferInput, input);
  const [simulated] = (await listFundingAccounts(actor, accountId)).data;
  if (!simulated?.accountNumber) throw new Error(`account ${accountId} has no simulated funding account`);

  const reference = `SIM-${randomBytes(8).toString("hex").toUpperCase()}`;
  const kobo = BigInt(amount);
  return db.$transaction(async (tx) => {
    const recorded = await recordBankTransfer(
      "simulated",
      {
        reference,
        providerTransactionId: reference,
        status: "success",
        amount: kobo,
        fee: simulatedTransferFee(kobo),
        currency: "NGN",
        channel: DEDICATED_NUBAN,
        toDedicatedAccount: true,
        paidAt: new Date(),
        customerCode: null,
        payerName: payerName ?? "TEST PAYER",
        payerBank: SIMULATED_BANK_NAME,
        payerAccountNumber: null,
        narration: "Simulated transfer",
        receiverAccountNumber: simulated.accountNumber,
      },
      { via: "simulation" },
      tx,
    );
    // The simulated account always matches and 100 kobo always exceeds its fee: anything else is a bug.
    if (recorded.status !== "CREDITED") throw new Error(`simulated transfer ${reference} was not credited`);
    const transfer = await tx.bankTransfer.findUniqueOrThrow({ where: { id: recorded.transferId }, select: { ledgerEntryId: true } });
    await recordAuditEntry(tx, actor, {
      action: "test_wallet.simulated_transfer",
      accountId,
      targetType: "bank_transfer",
      targetId: recorded.transferId,
      details: { amount: String(amount), reference },
    });
    const [row] = await selectFundings(
      tx,
      { accountId, livemode: false, extra: [Prisma.sql`l.id = ${transfer.ledgerEntryId}::bigint`] },
      { limit: 1 },
    );
    return toFundingView(row!);
  });
}
