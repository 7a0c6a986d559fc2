/**
 * Sets an upstream's floor (docs/operating.md "Upstream health"): with its last balance read below it, no
 * routed order is sent there and the product goes to its next route; 0 takes the floor away. The floor is
 * also the console's "low" mark for that upstream. Operators only; audited `upstream.floor` with the floor
 * before and after, and whether the change itself closed or reopened the upstream to orders (so that a
 * crossing is audited once: the balance poll's own entries compare reads under the floor as it stands).
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { sql, type DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { ROUTE_PROVIDERS } from "~/server/providers";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { setUpstreamFloorInput, type SetUpstreamFloorInput } from "~/schemas/routing";

interface FloorRow {
  floor_before: bigint;
  below_before: boolean;
  floor: bigint;
  balance: bigint | null;
  balance_checked_at: Date | null;
  below_floor: boolean;
}

export async function setUpstreamFloor(actor: Actor, input: SetUpstreamFloorInput, tx?: DbClient) {
  assertOperator(actor);
  const { provider, floor } = parseInput(setUpstreamFloorInput, input);
  if (!ROUTE_PROVIDERS.includes(provider)) {
    throw invalidInput([{ name: "provider", reason: `must be one of ${ROUTE_PROVIDERS.join(", ")}` }]);
  }
  return inTransaction(tx, async (client) => {
    await client.$executeRaw(sql`INSERT INTO upstream_providers (name) VALUES (${provider}) ON CONFLICT (name) DO NOTHING`);
    // The row locked first, so a balance read recorded at the same moment is judged against one floor or the other.
    const [row] = await client.$queryRaw<FloorRow[]>(sql`
      WITH before AS (
        SELECT u.name, u.min_balance, upstream_below_floor(u) AS below FROM upstream_providers u WHERE u.name = ${provider} FOR UPDATE
      )
      UPDATE upstream_providers u SET min_balance = ${floor}, updated_at = now()
      FROM before WHERE u.name = before.name
      RETURNING before.min_balance AS floor_before, before.below AS below_before, u.min_balance AS floor, u.balance,
        u.balance_checked_at, upstream_below_floor(u) AS below_floor`);
    const saved = row!;
    await recordAuditEntry(client, actor, {
      action: "upstream.floor",
      targetType: "upstream",
      targetId: provider,
      details: {
        before: saved.floor_before.toString(),
        after: saved.floor.toString(),
        balance: saved.balance?.toString() ?? null,
        belowFloorBefore: saved.below_before,
        belowFloor: saved.below_floor,
      },
    });
    return {
      provider,
      floorKobo: saved.floor,
      balanceKobo: saved.balance,
      balanceCheckedAt: saved.balance_checked_at,
      belowFloor: saved.below_floor,
    };
  });
}
