/**
 * A Paystack webhook whose signature the route has already checked
 * (src/app/api/upstream/paystack/webhook/route.ts): `{ "event", "data" }`.
 *
 * - `charge.success`: a payment; for a transfer to a dedicated account, confirmed with verify and
 *   credited exactly once (receive-bank-transfer.ts). The body only names the reference.
 * - `dedicatedaccount.assign.success` / `.failed`: the answer to an account request
 *   (record-account-assignment.ts).
 * - anything else: not ours to act on (Paystack sends every event of the integration).
 *
 * Returns what was done, for the log; throws when the route must answer 5xx (Paystack retries).
 */
import { z } from "zod";
import { logger } from "~/server/log";
import { toAssignedAccount, toConfirmedTransfer } from "~/server/providers/paystack/paystack-funding-provider";
import { recordAccountAssignment } from "./record-account-assignment";
import { receiveBankTransfer } from "./receive-bank-transfer";

const eventBody = z.object({ event: z.string().max(100), data: z.record(z.string(), z.unknown()) });

const assignmentData = z.object({
  customer: z.object({
    customer_code: z.string().min(1),
    id: z.union([z.string(), z.number()]).nullish(),
    metadata: z.object({ account_id: z.string() }).partial().nullish().catch(null),
  }),
  dedicated_account: z.unknown().nullish(),
});

export interface EventResult {
  event: string;
  action: string;
  reason?: string;
  reference?: string;
  transferId?: string;
}

export async function handlePaystackEvent(body: unknown): Promise<EventResult> {
  const parsed = eventBody.safeParse(body);
  if (!parsed.success) return { event: "unknown", action: "ignored", reason: "not a Paystack event" };
  const { event, data } = parsed.data;

  if (event === "charge.success") {
    const reference = typeof data.reference === "string" ? data.reference : null;
    if (!reference) return { event, action: "ignored", reason: "no reference" };
    if (data.channel !== "dedicated_nuban") return { event, action: "ignored", reason: "not a transfer to a dedicated account", reference };
    // What the notice says is kept only to compare with verify's answer; a notice that cannot be read
    // as a transaction is compared with nothing.
    let notified = null;
    try {
      notified = toConfirmedTransfer(data);
    } catch {
      logger.warn({ provider: "paystack", reference }, "paystack charge.success body unlike a transaction; verifying the reference alone");
    }
    const received = await receiveBankTransfer(reference, "webhook", notified);
    return { event, ...received, reference };
  }

  if (event === "dedicatedaccount.assign.success" || event === "dedicatedaccount.assign.failed") {
    const assignment = assignmentData.safeParse(data);
    if (!assignment.success) return { event, action: "ignored", reason: "no customer" };
    const { customer } = assignment.data;
    const identity = {
      code: customer.customer_code,
      id: customer.id == null ? null : String(customer.id),
      accountId: customer.metadata?.account_id ?? null,
    };
    const result =
      event === "dedicatedaccount.assign.success" && assignment.data.dedicated_account
        ? await recordAccountAssignment("paystack", identity, { assigned: toAssignedAccount(assignment.data.dedicated_account) })
        : await recordAccountAssignment("paystack", identity, {
            failed: "Paystack could not assign a dedicated account. Check the phone number and try again, or contact support.",
          });
    return { event, action: result.action };
  }

  return { event, action: "ignored", reason: "an event funding does not act on" };
}
