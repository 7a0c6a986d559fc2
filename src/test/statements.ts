/**
 * Counting what a request sends to PostgreSQL, for the tests that hold a route to a number of round
 * trips (reference-lookup.test.ts, key-memory.test.ts): the real handlers in process, every statement
 * seen at the driver, Prisma's and queryRows' alike; and reading a statement's plan, for the tests that
 * hold a query to an index or a shape of plan.
 */
import pg from "pg";
import { expect, vi } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/db";

/** The text of every statement sent to PostgreSQL while `action` runs. */
export async function statementsDuring<T>(action: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const spy = vi.spyOn(pg.Client.prototype, "query");
  try {
    const result = await action();
    const statements = spy.mock.calls.map(([config]) => (typeof config === "string" ? config : (config as { text: string }).text));
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

/** The key's first use writes lastUsedAt in the background; waited for, so it is not counted later. */
export async function keyUsed(keyId: string): Promise<void> {
  await vi.waitFor(async () => expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt).not.toBeNull());
}

/** The API key's look-up (authenticate-api-key.ts). */
export const isKeyStatement = (text: string) => text.includes("FROM api_keys k");

/**
 * PostgreSQL's plan for `query` as one text (`EXPLAIN`, with `options` such as "(VERBOSE)"), for the tests
 * that hold a statement to its plan. `client` is a transaction's when the plan needs SET LOCAL settings.
 */
export async function planOf(query: Prisma.Sql, options = "", client: Pick<Prisma.TransactionClient, "$queryRaw"> = db): Promise<string> {
  const lines = await client.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN ${Prisma.raw(options)} ${query}`);
  return lines.map((line) => line["QUERY PLAN"]).join("\n");
}
