/**
 * The upstream balance poll in every server process (src/bin/server.ts), unless UPSTREAM_BALANCE_POLL_MS is
 * 0: every UPSTREAM_BALANCE_POLL_MS a process tries to take the `upstream-balance-poll` lease
 * (src/server/db/job-leases.ts) and, if it got it, reads and records the upstreams' wallets
 * (read-upstream-balances.ts), so however many processes and hosts there are, each upstream is asked
 * about once per interval. A first attempt is made at start-up, without holding the start-up back.
 */
import { env } from "~/env";
import { endJobLease, takeJobLease } from "~/server/db/job-leases";
import { logger } from "~/server/log";
import { readUpstreamBalances } from "./read-upstream-balances";

export const UPSTREAM_BALANCE_POLL = "upstream-balance-poll";

/** Longer than any pass (each read is bounded by its upstream's time-outs and retries); a dead holder's lease runs out then. */
const PASS_LEASE_MS = 5 * 60_000;

const log = logger.child({ component: "upstream-balance-poll" });

/** One pass, if this process gets the lease; whether it got it. Never throws: a failed pass is logged. */
export async function pollUpstreamBalances(intervalMs = env.UPSTREAM_BALANCE_POLL_MS): Promise<boolean> {
  try {
    if (!(await takeJobLease(UPSTREAM_BALANCE_POLL, intervalMs, PASS_LEASE_MS))) return false;
  } catch (error) {
    log.error({ err: error }, "upstream balance poll could not take its lease");
    return false;
  }
  try {
    const { upstreams } = await readUpstreamBalances({ kind: "system" });
    await endJobLease(UPSTREAM_BALANCE_POLL, {
      upstreams: upstreams.map((upstream) =>
        upstream.read
          ? { provider: upstream.provider, balance: upstream.balanceKobo.toString(), belowFloor: upstream.belowFloor }
          : { provider: upstream.provider, reason: upstream.reason },
      ),
    });
    log.debug({ read: upstreams.filter(({ read }) => read).length }, "upstream balance poll pass");
  } catch (error) {
    log.error({ err: error }, "upstream balance poll pass failed");
    await endJobLease(UPSTREAM_BALANCE_POLL, { error: error instanceof Error ? error.message.slice(0, 200) : String(error) }).catch(
      () => {},
    );
  }
  return true;
}

/** Starts the schedule unless UPSTREAM_BALANCE_POLL_MS is 0; the function returned stops it. */
export function startUpstreamBalancePoll(): () => void {
  const intervalMs = env.UPSTREAM_BALANCE_POLL_MS;
  if (intervalMs === 0) return () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const scheduleNext = () => {
    if (stopped) return;
    timer = setTimeout(() => void pollUpstreamBalances(intervalMs).then(scheduleNext), intervalMs);
    timer.unref();
  };
  void pollUpstreamBalances(intervalMs).then(scheduleNext);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
