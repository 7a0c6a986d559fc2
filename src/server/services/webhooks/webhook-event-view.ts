/**
 * An event as resellers receive it (the body of a delivery, an item of GET /api/v1/events):
 * `{ id, type, createdAt, data }`, where `data` is the object the REST API returns for that resource.
 *
 * The database keeps a snapshot of the changed row (the triggers of the webhooks migration write
 * `to_jsonb(row)`, internal columns included); it is shaped here, by the same functions the REST API
 * uses, so an event and a GET of the same thing cannot drift apart, and nothing internal (cost,
 * fingerprint, source address, key hash) is ever sent.
 */
import type { WebhookEventType } from "~/schemas/webhooks";
import { toBatchView, type BatchRow } from "~/server/services/batches/batch-reads";
import { toTransactionView, type PurchaseRow } from "~/server/services/purchases/transaction-view";

/** An event the owner asks for (the portal, or POST /api/v1/webhook-endpoints/{id}/test) to try a receiver; never listed by GET /events. */
export const TEST_EVENT_TYPE = "webhook.test";

export interface StoredEvent {
  id: string;
  type: string;
  createdAt: Date;
  livemode: boolean;
  data: unknown;
}

export interface EventEnvelope {
  id: string;
  type: WebhookEventType | typeof TEST_EVENT_TYPE;
  createdAt: string;
  /** False for a test-mode event (docs/integrating.md "Test mode"). */
  livemode: boolean;
  data: Record<string, unknown>;
}

type Snapshot = Record<string, unknown>;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const instant = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(String(value)).toISOString());
/** jsonb numbers arrive as numbers; kobo amounts are integers well inside the exact range. */
const kobo = (value: unknown): number => Number(value);

function transactionData(row: Snapshot): Record<string, unknown> {
  const view = toTransactionView({
    ...(row as unknown as PurchaseRow),
    amount: BigInt(kobo(row.amount)),
    created_at: new Date(String(row.created_at)),
    completed_at: row.completed_at ? new Date(String(row.completed_at)) : null,
    // A snapshot taken before test mode existed has no livemode: it was live.
    livemode: row.livemode !== false,
  });
  return { ...view, amount: Number(view.amount) };
}

/** A completed batch's row, with the final figures finish_batch wrote into it (webhook_batch_completed.sql). */
function batchData(row: Snapshot): Record<string, unknown> {
  const view = toBatchView({
    ...(row as unknown as BatchRow),
    status: "COMPLETED",
    amount: BigInt(kobo(row.amount)),
    spent: BigInt(kobo(row.spent)),
    created_at: new Date(String(row.created_at)),
    completed_at: row.completed_at ? new Date(String(row.completed_at)) : null,
    progress: null,
  });
  return { ...view, amount: Number(view.amount), spent: Number(view.spent) };
}

function dataOf(type: string, row: Snapshot): Record<string, unknown> {
  switch (type) {
    case "transaction.successful":
    case "transaction.failed":
    case "transaction.pending":
      return transactionData(row);
    case "wallet.funded":
      return {
        balance: kobo(row.balance_after),
        currency: "NGN",
        livemode: row.livemode !== false,
        amount: kobo(row.amount),
        reference: text(row.funding_reference),
      };
    case "wallet.low_balance":
      return {
        balance: kobo(row.balance),
        currency: text(row.currency) ?? "NGN",
        livemode: row.livemode !== false,
        amount: kobo(row.low_balance_threshold),
        reference: null,
      };
    case "api_key.created":
    case "api_key.revoked":
      return {
        id: text(row.id),
        name: text(row.name),
        prefix: text(row.prefix),
        lastFour: text(row.last_four),
        livemode: row.livemode !== false,
        createdAt: instant(row.created_at),
        revokedAt: instant(row.revoked_at),
      };
    case "batch.completed":
      return batchData(row);
    default:
      return row;
  }
}

export function toEventEnvelope(event: StoredEvent): EventEnvelope {
  return {
    id: event.id,
    type: event.type as EventEnvelope["type"],
    createdAt: event.createdAt.toISOString(),
    livemode: event.livemode,
    data: dataOf(event.type, (event.data ?? {}) as Snapshot),
  };
}
