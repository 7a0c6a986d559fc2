/**
 * Where a purchase's database time goes (issue 38 item 3, docs/performance.md "The purchase in the
 * database"): per statement from pg_stat_statements, the inner statements of the purchase functions
 * included (track = all), and per function from pg_stat_user_functions (track_functions = all: each
 * function's own time apart from what it called), each per purchase, with the settings that move them.
 *
 * The benchmark's cluster starts with pg_stat_statements preloaded (STATEMENT_STATISTICS_SETTINGS),
 * and trackNoStatements turns its tracking off at once, so the other scenarios run as before; tracking
 * is switched on only around the purchaseStatements scenario. All through ALTER SYSTEM and a reload: a
 * setting given on the command line would outrank ALTER SYSTEM's. A PostgreSQL that cannot load the
 * library still reports the functions' times.
 */
import type { Db } from "~/server/db";

/** What the benchmark's cluster starts with: the library loaded (which only a start can do). */
export const STATEMENT_STATISTICS_SETTINGS = { shared_preload_libraries: "pg_stat_statements" };

/** The settings reported beside the figures: each can change what a purchase costs the database. */
const REPORTED_SETTINGS = ["server_version", "jit", "plan_cache_mode", "shared_buffers", "synchronous_commit", "max_connections"];

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** pg_stat_statements tracks nothing (its default is every top-level statement) until startStatementTracking. */
export async function trackNoStatements(db: Db, withStatements: boolean): Promise<void> {
  if (!withStatements) return;
  await db.$executeRawUnsafe("ALTER SYSTEM SET pg_stat_statements.track = 'none'");
  await db.$executeRawUnsafe("ALTER SYSTEM RESET pg_stat_statements.track_planning");
  await db.$executeRawUnsafe("SELECT pg_reload_conf()");
}

/** Statistics on for what follows, counted from zero. */
export async function startStatementTracking(db: Db, withStatements: boolean): Promise<void> {
  if (withStatements) {
    await db.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
    await db.$executeRawUnsafe("ALTER SYSTEM SET pg_stat_statements.track = 'all'");
    // Planning counted too: a statement planned on every call (a custom plan) costs planning time that
    // execution time does not show.
    await db.$executeRawUnsafe("ALTER SYSTEM SET pg_stat_statements.track_planning = on");
  }
  await db.$executeRawUnsafe("ALTER SYSTEM SET track_functions = 'all'");
  await db.$executeRawUnsafe("SELECT pg_reload_conf()");
  if (withStatements) await db.$executeRawUnsafe("SELECT pg_stat_statements_reset()");
  await db.$executeRawUnsafe("SELECT pg_stat_reset()");
}

/**
 * The statistics gathered since startStatementTracking, per purchase, and tracking off again. Read
 * once the server's connections have closed: a backend flushes its function statistics at exit (an idle
 * one may hold them for seconds), while pg_stat_statements is written as statements end.
 */
export async function readStatementCosts(db: Db, withStatements: boolean, requests: number) {
  const functionRows = await db.$queryRawUnsafe<{ name: string; calls: bigint; total_ms: number; self_ms: number }[]>(
    `SELECT funcname::text AS name, calls, total_time AS total_ms, self_time AS self_ms FROM pg_stat_user_functions
     ORDER BY self_time DESC`,
  );
  // The purchases the database began: the load's answered requests leave out those in flight when it
  // stopped, whose statements count all the same.
  const begun = functionRows.find((row) => row.name === "begin_data_purchase");
  const purchases = begun ? Number(begun.calls) : requests;
  const per = (value: number) => round(value / Math.max(1, purchases), 2);
  const statements = withStatements
    ? (
        await db.$queryRawUnsafe<
          {
            query: string;
            function: string | null;
            toplevel: boolean;
            calls: bigint;
            plans: bigint;
            exec_ms: number;
            plan_ms: number;
            jit_functions: bigint;
          }[]
        >(
          `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query,
                  (regexp_match(query, '\\mFROM\\s+([a-z_]+)\\s*\\('))[1] AS function,
                  toplevel, calls, plans, total_exec_time AS exec_ms, total_plan_time AS plan_ms, jit_functions
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           ORDER BY total_exec_time + total_plan_time DESC LIMIT 20`,
        )
      ).map((row) => ({
        query: row.query,
        /** The function a statement selects from (begin_data_purchase, settle_purchase, …), if any. */
        function: row.function,
        /** A statement a client sent (true), or one run inside a function (false): the latter's time is also in its caller's. */
        toplevel: row.toplevel,
        callsPerPurchase: per(Number(row.calls)),
        /** Plannings per purchase: as many as calls when the statement gets a custom plan every time. */
        plansPerPurchase: per(Number(row.plans)),
        execUsPerPurchase: per(row.exec_ms * 1000),
        planUsPerPurchase: per(row.plan_ms * 1000),
        meanExecUs: round((row.exec_ms * 1000) / Math.max(1, Number(row.calls))),
        /** Functions JIT-compiled for it (jit): 0 unless a plan's cost crossed jit_above_cost. */
        jitFunctions: Number(row.jit_functions),
      }))
    : null;
  // Whether JIT compilation ever ran for the purchase's statements, all of them, not only the costliest.
  const jitFunctions = withStatements
    ? Number(
        (
          await db.$queryRawUnsafe<{ n: bigint }[]>(
            `SELECT coalesce(sum(jit_functions), 0)::bigint AS n FROM pg_stat_statements
             WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        )[0]?.n ?? 0,
      )
    : null;
  const functions = functionRows.slice(0, 15).map((row) => ({
    name: row.name,
    callsPerPurchase: per(Number(row.calls)),
    /** The function's own time, without the functions it called. */
    selfUsPerPurchase: per(row.self_ms * 1000),
    totalUsPerPurchase: per(row.total_ms * 1000),
  }));
  await db.$executeRawUnsafe("ALTER SYSTEM RESET track_functions");
  await trackNoStatements(db, withStatements);
  await db.$executeRawUnsafe("SELECT pg_reload_conf()");
  return {
    pgStatStatements: withStatements,
    requests,
    purchases,
    statements,
    jitFunctions,
    functions,
    settings: await databaseSettings((text, values) => db.$queryRawUnsafe(text, ...values)),
  };
}

/**
 * The named settings as the server runs them, read through whichever client the caller holds: the app's Db
 * here, a pg.Client in the volume benchmark.
 */
export async function databaseSettings(
  query: (text: string, values: unknown[]) => Promise<{ name: string; setting: string }[]>,
  names: readonly string[] = REPORTED_SETTINGS,
): Promise<Record<string, string>> {
  const rows = await query(`SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1::text[]) ORDER BY name`, [
    names,
  ]);
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}

export type StatementCosts = Awaited<ReturnType<typeof readStatementCosts>>;
