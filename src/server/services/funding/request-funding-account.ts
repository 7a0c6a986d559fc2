/**
 * An account's OWNER (or an operator for them) asks for its live funding account: a Paystack customer
 * and a Dedicated Virtual Account (docs/operating.md "Funding by bank transfer"). The row is claimed PENDING first,
 * in the database (one per account: the unique index), with its audit entry; then Paystack is asked,
 * with nothing held. Paystack assigns the account later and says so with a signed
 * `dedicatedaccount.assign.success` or `.failed` webhook (record-account-assignment.ts); the
 * reconciler also asks after any still pending, in case that event never comes.
 *
 * Asking again while one is pending or active answers it as it stands. A failed one (Paystack refused,
 * or could not be reached before the customer existed) can be asked for again; so can one left pending
 * past PENDING_RETRY_AFTER_MS.
 */
import type { FundingAccount } from "~/generated/prisma/client";
import { actingAccountId } from "~/server/auth/account-scope";
import { assertOwnerOrOperator, type Actor } from "~/server/auth/actor";
import { db, sql } from "~/server/db";
import { AppError } from "~/server/errors";
import { logger } from "~/server/log";
import { fundingSettings } from "~/server/providers/funding";
import type { FundingAccountHolder } from "~/server/providers/funding-provider";
import { PaystackRefusal } from "~/server/providers/paystack/paystack-client";
import { UpstreamFault } from "~/server/providers/upstream-http";
import { parseInput } from "~/server/validation/parse-input";
import { requestFundingAccountInput, type FundingAccountView, type RequestFundingAccountInput } from "~/schemas/funding";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { toFundingAccountView } from "./funding-views";

/** A request Paystack has not settled by then may be made again (its event may have been lost). */
const PENDING_RETRY_AFTER_MS = 10 * 60_000;

/** "Demo Reseller Ltd" → Demo / Reseller Ltd: Paystack needs both, and names the account after them. */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return words.length > 1 ? { firstName: words[0]!, lastName: words.slice(1).join(" ") } : { firstName: words[0]!, lastName: words[0]! };
}

export async function requestFundingAccount(actor: Actor, input: RequestFundingAccountInput): Promise<FundingAccountView> {
  const parsed = parseInput(requestFundingAccountInput, input);
  const accountId = actingAccountId(actor, parsed.accountId);
  assertOwnerOrOperator(actor, accountId);
  const { provider, feePolicy, preferredBank } = fundingSettings();
  if (!provider)
    throw new AppError(
      "funding.not_configured",
      "Funding by bank transfer is not available on this service. Ask an operator to fund the wallet.",
    );

  const claimed = await db.$transaction(async (tx) => {
    const account = await findAccountOrThrow(tx, accountId);
    const owner =
      actor.kind === "user" && actor.role === "OWNER"
        ? { email: actor.email }
        : await tx.user.findFirst({
            where: { accountId, role: "OWNER", disabledAt: null },
            orderBy: { createdAt: "asc" },
            select: { email: true },
          });
    if (!owner)
      throw new AppError("validation.failed", "The account has no owner for Paystack to name as the customer.", [
        { name: "accountId", reason: "has no owner to name as the Paystack customer" },
      ]);
    // The claim: a new row, or a failed (or long-pending) one taken over. Nothing back means another
    // request holds it: it is answered as it stands.
    const [row] = await tx.$queryRaw<FundingAccount[]>(sql`
      INSERT INTO funding_accounts (account_id, livemode, provider, status, requested_by_id)
      VALUES (${accountId}::uuid, true, ${provider.name}, 'PENDING', ${actor.kind === "user" ? actor.userId : null}::uuid)
      ON CONFLICT (account_id, livemode, provider) DO UPDATE
      SET status = 'PENDING', failure_reason = NULL, updated_at = now(), requested_by_id = EXCLUDED.requested_by_id
      WHERE funding_accounts.status = 'FAILED'
         OR (funding_accounts.status = 'PENDING' AND funding_accounts.updated_at < now() - make_interval(secs => ${PENDING_RETRY_AFTER_MS / 1000}))
      RETURNING id`);
    if (!row) return null;
    await recordAuditEntry(tx, actor, {
      action: "funding_account.request",
      accountId,
      targetType: "funding_account",
      targetId: row.id,
      details: { provider: provider.name, preferredBank },
    });
    return { id: row.id, holder: { accountId, email: owner.email, phone: `+234${parsed.phone.slice(1)}`, ...splitName(account.name) } };
  });
  if (claimed) await askProvider(claimed.id, claimed.holder, preferredBank);
  const row = await db.fundingAccount.findFirstOrThrow({ where: { accountId, livemode: true, provider: provider.name } });
  return toFundingAccountView(row, feePolicy);
}

async function askProvider(id: string, holder: FundingAccountHolder, preferredBank: string): Promise<void> {
  const { provider } = fundingSettings();
  try {
    const request = await provider!.requestAccount(holder, preferredBank);
    const assigned = request.assigned;
    await db.fundingAccount.update({
      where: { id },
      data: {
        providerCustomerCode: request.customerCode,
        providerCustomerId: request.customerId,
        updatedAt: new Date(),
        ...(assigned && {
          status: "ACTIVE",
          providerAccountId: assigned.providerAccountId,
          bankName: assigned.bankName,
          bankSlug: assigned.bankSlug,
          accountNumber: assigned.accountNumber,
          accountName: assigned.accountName,
          assignedAt: new Date(),
        }),
      },
    });
  } catch (error) {
    const reason =
      error instanceof PaystackRefusal
        ? `Paystack refused: ${error.message}`
        : error instanceof UpstreamFault
          ? "Paystack could not be reached. Try again in a few minutes."
          : "The request could not be completed. Try again in a few minutes.";
    logger.warn({ provider: "paystack", fundingAccountId: id, accountId: holder.accountId, err: error }, "funding account request failed");
    // Only while still pending: an assignment event may have landed in the meantime.
    await db.fundingAccount.updateMany({
      where: { id, status: "PENDING" },
      data: { status: "FAILED", failureReason: reason, updatedAt: new Date() },
    });
  }
}
