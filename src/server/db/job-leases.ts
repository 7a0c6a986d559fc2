/**
 * Jobs that one process of the whole deployment runs per interval, however many processes and hosts there
 * are (the bank-transfer reconciler, the upstream balance poll): each process tries to take the job's lease
 * (a `job_leases` row) on its own schedule, and only the one that gets it runs the pass. The lease is taken
 * only when no pass holds it and the last one started an interval ago or more; it is let go when the pass
 * ends, and one held by a process that died mid-pass runs out after `leaseMs`. The row also keeps the last
 * pass's times and result, which the console may show.
 */
import type { Prisma } from "~/generated/prisma/client";
import { db, sql } from "~/server/db";

/** Whether this process got the lease of job `name`: no pass under way, and none started in the last `intervalMs`. */
export async function takeJobLease(name: string, intervalMs: number, leaseMs: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ name: string }[]>(sql`
    INSERT INTO job_leases (name, leased_until, last_started_at)
    VALUES (${name}, now() + make_interval(secs => ${leaseMs / 1000}), now())
    ON CONFLICT (name) DO UPDATE SET leased_until = EXCLUDED.leased_until, last_started_at = now()
    WHERE job_leases.leased_until <= now()
      AND (job_leases.last_started_at IS NULL OR job_leases.last_started_at <= now() - make_interval(secs => ${intervalMs / 1000}))
    RETURNING name`);
  return rows.length > 0;
}

/** Lets the lease of job `name` go, recording when its pass ended and what it did. */
export async function endJobLease(name: string, result: Prisma.InputJsonObject): Promise<void> {
  await db.jobLease.update({ where: { name }, data: { leasedUntil: new Date(), lastFinishedAt: new Date(), lastResult: result } });
}
