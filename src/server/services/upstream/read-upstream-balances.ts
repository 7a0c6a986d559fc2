/**
 * Reads our wallet at the upstreams and records it (docs/operating.md "The floor and the balance poll"):
 * what the balance poll runs every UPSTREAM_BALANCE_POLL_MS, the CLI's `upstream:read-balance` and the
 * console's "Read balances now". Read are the default upstream (VEND_PROVIDER) and every upstream a route
 * names, when it is configured here and has a wallet; or the one upstream asked for.
 *
 * A read is written with its time (`balance`, `balance_checked_at`), and admit_upstream judges it against
 * the upstream's floor from then on. A read that fails writes nothing: the last one stands, with its time,
 * and the failure is logged. A read that takes the upstream below its floor, or back to it or above, is
 * audited by "system" (`upstream.below_floor`, `upstream.above_floor`): once per crossing, however often it
 * is read, since the row is locked and compared with the read before it. Operators only.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { queryRows, sql } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { logger } from "~/server/log";
import { defaultProviderName, providerNamed, ROUTE_PROVIDERS, type VendProvider } from "~/server/providers";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { readUpstreamBalancesInput, type ReadUpstreamBalancesInput } from "~/schemas/routing";
import { getUpstreamBalance } from "./get-upstream-balance";

export type UpstreamBalanceRead =
  | { provider: string; read: true; balanceKobo: bigint; checkedAt: Date; floorKobo: bigint; belowFloor: boolean }
  | { provider: string; read: false; reason: string };

interface RecordedRow {
  below_before: boolean;
  below_floor: boolean;
  floor: bigint;
  balance_checked_at: Date;
}

const log = logger.child({ component: "upstream-balance" });

async function upstreamsToRead(): Promise<string[]> {
  const routed = await queryRows<{ provider: string }>(sql`SELECT DISTINCT provider FROM product_routes`);
  return [...new Set([defaultProviderName(), ...routed.map(({ provider }) => provider)])].sort();
}

/** The balance written, and the crossing audited, under the upstream's row lock. */
async function record(provider: string, balanceKobo: bigint): Promise<UpstreamBalanceRead> {
  return inTransaction(undefined, async (client) => {
    await client.$executeRaw(sql`INSERT INTO upstream_providers (name) VALUES (${provider}) ON CONFLICT (name) DO NOTHING`);
    const [row] = await client.$queryRaw<RecordedRow[]>(sql`
      WITH before AS (
        SELECT u.name, upstream_below_floor(u) AS below FROM upstream_providers u WHERE u.name = ${provider} FOR UPDATE
      )
      UPDATE upstream_providers u SET balance = ${balanceKobo}, balance_checked_at = now()
      FROM before WHERE u.name = before.name
      RETURNING before.below AS below_before, upstream_below_floor(u) AS below_floor, u.min_balance AS floor, u.balance_checked_at`);
    const recorded = row!;
    if (recorded.below_floor !== recorded.below_before) {
      const details = { balance: balanceKobo.toString(), floor: recorded.floor.toString() };
      await recordAuditEntry(
        client,
        { kind: "system" },
        {
          action: recorded.below_floor ? "upstream.below_floor" : "upstream.above_floor",
          targetType: "upstream",
          targetId: provider,
          details,
        },
      );
      if (recorded.below_floor) log.warn({ provider, ...details }, "upstream balance below its floor: no routed order goes there");
      else log.info({ provider, ...details }, "upstream balance back at or above its floor: it takes orders again");
    }
    return {
      provider,
      read: true,
      balanceKobo,
      checkedAt: recorded.balance_checked_at,
      floorKobo: recorded.floor,
      belowFloor: recorded.below_floor,
    } as const;
  });
}

async function readOne(actor: Actor, name: string): Promise<UpstreamBalanceRead> {
  let provider: VendProvider;
  try {
    provider = providerNamed(name);
  } catch {
    return { provider: name, read: false, reason: `The ${name} provider is not configured here.` };
  }
  const balance = await getUpstreamBalance(actor, { provider });
  if (!balance.available) return { provider: name, read: false, reason: balance.reason };
  return record(name, balance.balanceKobo);
}

export async function readUpstreamBalances(actor: Actor, input: ReadUpstreamBalancesInput = {}) {
  assertOperator(actor);
  const { provider } = parseInput(readUpstreamBalancesInput, input);
  if (provider !== undefined && !ROUTE_PROVIDERS.includes(provider)) {
    throw invalidInput([{ name: "provider", reason: `must be one of ${ROUTE_PROVIDERS.join(", ")}` }]);
  }
  const names = provider === undefined ? await upstreamsToRead() : [provider];
  return { upstreams: await Promise.all(names.map((name) => readOne(actor, name))) };
}

export type UpstreamBalanceReads = Awaited<ReturnType<typeof readUpstreamBalances>>;
