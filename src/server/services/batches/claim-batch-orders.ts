/**
 * A batch worker's claim (claim_batch_orders.sql): orders leased to this process, each with who made its
 * batch, so that it is bought as that API key or portal user (channel, key or user and source address
 * recorded as for a single purchase) in the batch's mode. One statement per claim; on the workers' path
 * for every order, so it is sent as the purchase path's statements are (queryRows).
 */
import type { Role } from "~/generated/prisma/enums";
import { queryRows, sql } from "~/server/db";

export interface BatchMaker {
  batchId: string;
  accountId: string;
  livemode: boolean;
  channel: "API" | "PORTAL";
  apiKeyId: string | null;
  userId: string | null;
  sourceIp: string;
  /** The API key is revoked now. */
  keyRevoked: boolean;
  /** The portal user as they are now; null for a batch made with a key. */
  user: { email: string; role: Role; accountId: string | null; disabled: boolean } | null;
}

export interface ClaimedBatchOrder {
  id: bigint;
  position: number;
  kind: "DATA" | "AIRTIME" | "BILL";
  servicePath: string | null;
  clientReference: string;
  /** The single purchase's body, as the batch accepted it. */
  body: Record<string, unknown>;
  /** Claims so far, this one included: more than one means an earlier worker's lease ran out. */
  attempts: number;
  maker: BatchMaker;
}

interface ClaimRow {
  id: bigint;
  batch_id: string;
  position: number;
  kind: ClaimedBatchOrder["kind"];
  service_path: string | null;
  client_reference: string;
  body: Record<string, unknown>;
  attempts: number;
  account_id: string;
  livemode: boolean;
  channel: BatchMaker["channel"];
  api_key_id: string | null;
  user_id: string | null;
  source_ip: string;
  key_revoked: boolean;
  user_email: string | null;
  user_role: Role | null;
  user_account_id: string | null;
  user_disabled: boolean;
}

export async function claimBatchOrders(options: { limit: number; perAccount: number; leaseMs: number }): Promise<ClaimedBatchOrder[]> {
  const rows = await queryRows<ClaimRow>(sql`
    SELECT o.id, o.batch_id, o.position, o.kind::text AS kind, o.service_path, o.client_reference, o.body, o.attempts,
           b.account_id, b.livemode, b.channel::text AS channel, b.api_key_id, b.user_id, b.source_ip,
           COALESCE(k.revoked_at IS NOT NULL, false) AS key_revoked,
           u.email AS user_email, u.role::text AS user_role, u.account_id AS user_account_id,
           COALESCE(u.disabled_at IS NOT NULL, false) AS user_disabled
    FROM claim_batch_orders(${options.limit}::integer, ${options.perAccount}::integer, make_interval(secs => ${options.leaseMs / 1000}::double precision)) o
    JOIN batches b ON b.id = o.batch_id
    LEFT JOIN api_keys k ON k.id = b.api_key_id
    LEFT JOIN users u ON u.id = b.user_id
    ORDER BY o.id`);
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    kind: row.kind,
    servicePath: row.service_path,
    clientReference: row.client_reference,
    body: row.body,
    attempts: row.attempts,
    maker: {
      batchId: row.batch_id,
      accountId: row.account_id,
      livemode: row.livemode,
      channel: row.channel,
      apiKeyId: row.api_key_id,
      userId: row.user_id,
      sourceIp: row.source_ip,
      keyRevoked: row.key_revoked,
      user:
        row.user_id && row.user_email && row.user_role
          ? { email: row.user_email, role: row.user_role, accountId: row.user_account_id, disabled: row.user_disabled }
          : null,
    },
  }));
}
