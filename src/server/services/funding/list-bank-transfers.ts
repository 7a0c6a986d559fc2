/**
 * The operators' view of bank transfers (docs/operating.md "Funding by bank transfer"): the unmatched queue
 * (every live transfer no account could be credited with, oldest first, to assign or return), or one
 * account's transfers, newest first, with what Paystack charged and what was credited. With it, the
 * state of the rail: configured or not, the fee policy, and the bank-transfer reconciler's last pass.
 */
import type { Prisma } from "~/generated/prisma/client";
import type { BankTransferStatus } from "~/generated/prisma/enums";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { fundingSettings, type FeePolicy } from "~/server/providers/funding";
import { parseInput } from "~/server/validation/parse-input";
import { listBankTransfersInput, type ListBankTransfersInput } from "~/schemas/funding";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { BANK_TRANSFER_RECONCILER } from "./bank-transfer-reconciler-loop";

export interface BankTransferAdminView {
  id: string;
  provider: string;
  reference: string;
  providerTransactionId: string | null;
  livemode: boolean;
  currency: string;
  channel: string;
  status: BankTransferStatus;
  accountId: string | null;
  accountName: string | null;
  amount: bigint;
  providerFee: bigint;
  fee: bigint | null;
  credited: bigint | null;
  payerName: string | null;
  payerBank: string | null;
  payerAccountNumber: string | null;
  narration: string | null;
  receiverAccountNumber: string | null;
  paidAt: Date;
  createdAt: Date;
  creditedAt: Date | null;
  unmatchedReason: string | null;
  recordedVia: string;
  resolutionNote: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
}

export interface BankTransferList {
  transfers: BankTransferAdminView[];
  configured: boolean;
  feePolicy: FeePolicy;
  reconciler: { lastStartedAt: Date | null; lastFinishedAt: Date | null; lastResult: Prisma.JsonValue | null } | null;
}

export async function listBankTransfers(actor: Actor, input: ListBankTransfersInput = {}): Promise<BankTransferList> {
  assertOperator(actor);
  const { status, accountId, limit } = parseInput(listBankTransfersInput, input);
  if (accountId) await findAccountOrThrow(db, accountId);
  const queue = !accountId && (status ?? "UNMATCHED") === "UNMATCHED";
  const [rows, lease] = await Promise.all([
    db.bankTransfer.findMany({
      where: {
        livemode: true,
        ...(accountId ? { accountId } : { status: status ?? "UNMATCHED" }),
        ...(accountId && status ? { status } : {}),
      },
      // The queue oldest first (the longest waiting on top), an account's history newest first.
      orderBy: [{ createdAt: queue ? "asc" : "desc" }, { id: "asc" }],
      take: limit,
      include: { account: { select: { name: true } } },
    }),
    db.jobLease.findUnique({ where: { name: BANK_TRANSFER_RECONCILER } }),
  ]);
  const { provider, feePolicy } = fundingSettings();
  return {
    transfers: rows.map(({ account, ledgerEntryId: _ledger, fundingAccountId: _funding, customerCode: _customer, ...row }) => ({
      ...row,
      accountName: account?.name ?? null,
    })),
    configured: provider !== null,
    feePolicy,
    reconciler: lease && { lastStartedAt: lease.lastStartedAt, lastFinishedAt: lease.lastFinishedAt, lastResult: lease.lastResult },
  };
}
