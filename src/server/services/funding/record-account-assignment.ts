/**
 * Paystack's answer to an account request (`dedicatedaccount.assign.success` / `.failed`, or what the
 * reconciler found asking after a pending one): the funding account becomes ACTIVE with its bank,
 * number and name, or FAILED with the reason the owner is shown. Matched by the Paystack customer, or,
 * when the answer to our request was lost before we stored it, by the account id we gave the customer
 * as metadata. An assignment for a customer we never asked for changes nothing.
 */
import { db } from "~/server/db";
import type { AssignedAccount } from "~/server/providers/funding-provider";

export type AssignmentOutcome = { assigned: AssignedAccount } | { failed: string };

export interface AssignmentResult {
  action: "activated" | "failed" | "unchanged" | "ignored";
  fundingAccountId?: string;
}

export async function recordAccountAssignment(
  provider: string,
  customer: { code: string; id: string | null; accountId: string | null },
  outcome: AssignmentOutcome,
): Promise<AssignmentResult> {
  const row =
    (await db.fundingAccount.findUnique({ where: { provider_providerCustomerCode: { provider, providerCustomerCode: customer.code } } })) ??
    (customer.accountId
      ? await db.fundingAccount.findFirst({
          where: { provider, livemode: true, accountId: customer.accountId, providerCustomerCode: null },
        })
      : null);
  if (!row) return { action: "ignored" };
  const identity = { providerCustomerCode: customer.code, ...(customer.id && { providerCustomerId: customer.id }) };

  if ("failed" in outcome) {
    // A failure never undoes an account that works; only a request still waiting fails.
    const { count } = await db.fundingAccount.updateMany({
      where: { id: row.id, status: "PENDING" },
      data: { ...identity, status: "FAILED", failureReason: outcome.failed, updatedAt: new Date() },
    });
    return { action: count > 0 ? "failed" : "unchanged", fundingAccountId: row.id };
  }
  const { assigned } = outcome;
  if (row.status === "ACTIVE" && row.accountNumber === assigned.accountNumber) return { action: "unchanged", fundingAccountId: row.id };
  if (row.status === "DEACTIVATED") return { action: "unchanged", fundingAccountId: row.id };
  await db.fundingAccount.update({
    where: { id: row.id },
    data: {
      ...identity,
      status: "ACTIVE",
      failureReason: null,
      providerAccountId: assigned.providerAccountId,
      bankName: assigned.bankName,
      bankSlug: assigned.bankSlug,
      accountNumber: assigned.accountNumber,
      accountName: assigned.accountName,
      assignedAt: new Date(),
      updatedAt: new Date(),
    },
  });
  return { action: "activated", fundingAccountId: row.id };
}
