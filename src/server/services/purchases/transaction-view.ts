/**
 * The Transaction object of the contract (DESIGN.md §3.2), built from a stored row. The service layer
 * speaks enum codes (CABLE_TV, PENDING); the contract's names (CableTv, pending) are made here, once.
 */
import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import type { transaction } from "~/schemas/api";
import { API_SERVICE_NAMES, type ServiceCode } from "~/schemas/services";
import type { DeliveredPin } from "~/server/providers";

/**
 * The contract's Transaction as the REST API documents it (src/schemas/api.ts), with the one difference
 * of the server's side: money stays bigint kobo until toJsonText writes it as a JSON integer.
 */
export type TransactionView = Omit<z.infer<typeof transaction>, "amount"> & { amount: bigint };

export type TransactionStatusName = TransactionView["status"];

/** A stored transaction's columns as SQL names them (snake_case): every read of one is raw SQL, Prisma's $queryRaw included. */
export interface PurchaseRow {
  id: string;
  account_id: string;
  client_reference: string;
  service: ServiceCode;
  status: "PENDING" | "SUCCESSFUL" | "FAILED";
  order_fingerprint: string;
  plan_id: string | null;
  network_id: string | null;
  product_name: string | null;
  recipient: string;
  customer_name: string | null;
  amount: bigint;
  token: string | null;
  /** jsonb, as the driver parses it: `[{ serial, pin }]` or null (docs/integrating.md "What was delivered"). */
  pins: DeliveredPin[] | null;
  units: string | null;
  bonus_token: string | null;
  provider_reference: string | null;
  failure_reason: string | null;
  created_at: Date;
  completed_at: Date | null;
  /** VTpass's request_id for this purchase (null for transactions begun before it existed). */
  upstream_request_id: string | null;
  /** False for a test-mode purchase (docs/integrating.md "Test mode"). */
  livemode: boolean;
}

/** PurchaseRow's columns: what a statement returning a transaction to the purchase path reads. */
const PURCHASE_ROW_COLUMNS = [
  "id",
  "account_id",
  "client_reference",
  "service",
  "status",
  "order_fingerprint",
  "plan_id",
  "network_id",
  "product_name",
  "recipient",
  "customer_name",
  "amount",
  "token",
  "pins",
  "units",
  "bonus_token",
  "provider_reference",
  "failure_reason",
  "created_at",
  "completed_at",
  "upstream_request_id",
  "livemode",
] as const satisfies readonly (keyof PurchaseRow)[];

/** PurchaseRow as JSON carries it: timestamps as ISO 8601 text, the amount as text (exact whatever its size). */
export type PurchaseRowJson = Omit<PurchaseRow, "amount" | "created_at" | "completed_at"> & {
  amount: string;
  created_at: string;
  completed_at: string | null;
};

/**
 * The transaction under `alias` as one JSON value (read back with purchaseRowFromJson). The purchase
 * path's statements return a transaction this way rather than as columns: node-postgres describes and
 * builds a parser for every column on every execution, about a microsecond or more each, and a
 * replay's one statement returned two dozen of them.
 */
export function purchaseRowJson(alias: string): Prisma.Sql {
  const fields = PURCHASE_ROW_COLUMNS.map((column) => `'${column}', ${alias}.${column}${column === "amount" ? "::text" : ""}`);
  return Prisma.raw(`json_build_object(${fields.join(", ")})`);
}

export function purchaseRowFromJson(json: PurchaseRowJson): PurchaseRow {
  return {
    ...json,
    amount: BigInt(json.amount),
    created_at: new Date(json.created_at),
    completed_at: json.completed_at === null ? null : new Date(json.completed_at),
  };
}

/**
 * What was stored under a purchase body's clientReference, read in the same statement as the API key
 * (authenticate-api-key.ts): the transaction, or null when the reference was free at that moment. It
 * lets a retried purchase be answered without another round trip; a free reference still goes to the
 * statement that claims it, which settles any race for it.
 */
export interface ReferenceLookup {
  clientReference: string;
  transaction: PurchaseRow | null;
}

export function toTransactionView(row: PurchaseRow): TransactionView {
  return {
    id: row.id,
    service: API_SERVICE_NAMES[row.service],
    status: row.status.toLowerCase() as TransactionStatusName,
    clientReference: row.client_reference,
    providerReference: row.provider_reference,
    planId: row.service === "AIRTIME" ? null : row.plan_id,
    networkId: row.network_id,
    productName: row.product_name,
    recipient: row.recipient,
    customerName: row.customer_name,
    amount: row.amount,
    token: row.token,
    // Serial first, as documented (jsonb keeps an object's keys shortest first).
    pins: row.pins?.map(({ serial, pin }) => ({ serial, pin })) ?? null,
    units: row.units,
    bonusToken: row.bonus_token,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    livemode: row.livemode,
  };
}
