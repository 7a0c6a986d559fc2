/**
 * The upstream refused us for a fault only an operator can mend (VTpass `087`, refused credentials;
 * `085`, a request id not in their format): every such refusal is logged at error level, and the
 * operators' audit log (the console's Audit page) gets an `upstream.alert` entry by "system" naming the
 * code, the problem and the purchase that met it. One entry per provider and code every
 * ALERT_REPEAT_MINUTES at most: a burst of refused purchases must not bury the rest of the audit log;
 * each purchase keeps its own failure reason, and each refusal still has its log line.
 */
import { queryRows, sql } from "~/server/db";
import { logger } from "~/server/log";
import type { AuditAction } from "~/schemas/audit-actions";

export const UPSTREAM_ALERT_ACTION = "upstream.alert" satisfies AuditAction;
const ALERT_REPEAT_MINUTES = 10;

export interface UpstreamAlert {
  provider: string;
  code: string;
  problem: string;
  transactionId: string;
  accountId: string;
}

/** Never throws: an alert that cannot be written must not turn a refunded purchase into an error. */
export async function raiseUpstreamAlert(alert: UpstreamAlert): Promise<void> {
  logger.error(
    { provider: alert.provider, code: alert.code, transactionId: alert.transactionId, accountId: alert.accountId },
    `upstream alert: ${alert.problem}`,
  );
  try {
    const details = JSON.stringify({
      provider: alert.provider,
      code: alert.code,
      problem: alert.problem,
      transactionId: alert.transactionId,
    });
    await queryRows(sql`
      INSERT INTO audit_log (actor_type, actor_id, actor_label, account_id, action, target_type, target_id, details, source_ip)
      SELECT 'SYSTEM', NULL, 'system', ${alert.accountId}::uuid, ${UPSTREAM_ALERT_ACTION}, 'transaction', ${alert.transactionId},
             ${details}::jsonb, NULL
      WHERE NOT EXISTS (
        SELECT 1 FROM audit_log
        WHERE action = ${UPSTREAM_ALERT_ACTION} AND created_at > now() - make_interval(mins => ${ALERT_REPEAT_MINUTES})
          AND details->>'provider' = ${alert.provider} AND details->>'code' = ${alert.code})`);
  } catch (error) {
    logger.error({ err: error, code: alert.code }, "upstream alert could not be written to the audit log");
  }
}
