/**
 * The dashboard and transactions procedures as the portal calls them (createCaller with a session
 * actor): role guards, and tenant isolation — an OWNER or STAFF sending another account's ids gets
 * NOT_FOUND or nothing, never the other account's data.
 */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/generated/prisma/enums";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { createCaller } from "~/server/trpc/root";
import { fundedAccount, reference } from "~/test/purchase-fixtures";

async function createUser(role: Role, accountId: string | null): Promise<UserActor> {
  const user = await db.user.create({
    data: { email: `${role.toLowerCase()}-${randomUUID()}@example.test`, passwordHash: "unused", role, accountId },
  });
  return { kind: "user", userId: user.id, email: user.email, role: user.role, accountId: user.accountId, sourceIp: "127.0.0.1" };
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "OK";
  } catch (error) {
    return error instanceof TRPCError ? error.code : String(error);
  }
}

let ownAccountId: string;
let owner: UserActor;
let staff: UserActor;
let operator: UserActor;
let ownTransactionId: string;
let foreignTransactionId: string;

beforeAll(async () => {
  const own = await fundedAccount(1_000_000n);
  const other = await fundedAccount(1_000_000n);
  ownAccountId = own.accountId;
  owner = await createUser("OWNER", own.accountId);
  staff = await createUser("STAFF", own.accountId);
  operator = await createUser("OPERATOR", null);
  ownTransactionId = (await purchaseData(staff, { clientReference: reference("own"), planId: "mtn-1gb-30d", phone: "08031234567" }))
    .transaction.id;
  foreignTransactionId = (
    await purchaseData(other.actor, { clientReference: reference("foreign"), planId: "mtn-2gb-30d", phone: "08039876543" })
  ).transaction.id;
});

describe("transactions.byId", () => {
  it("shows the caller's own transaction to its OWNER and STAFF", async () => {
    for (const actor of [owner, staff]) {
      await expect(createCaller({ actor }).transactions.byId({ id: ownTransactionId })).resolves.toMatchObject({
        id: ownTransactionId,
        accountId: ownAccountId,
        channel: "portal",
        userEmail: staff.email,
      });
    }
  });

  it("answers NOT_FOUND to an OWNER or STAFF asking for another account's transaction", async () => {
    for (const actor of [owner, staff]) {
      const error = await createCaller({ actor })
        .transactions.byId({ id: foreignTransactionId })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe("NOT_FOUND");
      expect(JSON.stringify(error)).not.toContain("08039876543");
    }
    expect(await codeOf(createCaller({ actor: owner }).transactions.byId({ id: "not-a-uuid" }))).toBe("NOT_FOUND");
  });

  it("requires a session", async () => {
    expect(await codeOf(createCaller({ actor: null }).transactions.byId({ id: ownTransactionId }))).toBe("UNAUTHORIZED");
  });
});

describe("transactions.list", () => {
  it("lists only the caller's account, and refuses another account's id", async () => {
    const page = await createCaller({ actor: staff }).transactions.list({ filter: {} });
    expect(page.items.map((item) => item.id)).toEqual([ownTransactionId]);
    const other = await db.transaction.findUniqueOrThrow({ where: { id: foreignTransactionId } });
    expect(await codeOf(createCaller({ actor: owner }).transactions.list({ filter: { accountId: other.accountId } }))).toBe("NOT_FOUND");
    // Searching for the other account's recipient or reference finds nothing.
    const search = await createCaller({ actor: owner }).transactions.list({ filter: { search: other.recipient } });
    expect(search.items).toEqual([]);
  });

  it("turns a bad filter into BAD_REQUEST", async () => {
    expect(await codeOf(createCaller({ actor: owner }).transactions.list({ filter: { from: "2026-06-02", to: "2026-06-01" } }))).toBe(
      "BAD_REQUEST",
    );
  });
});

describe("dashboard", () => {
  it("summarises the caller's own account for OWNER and STAFF", async () => {
    for (const actor of [owner, staff]) {
      const summary = await createCaller({ actor }).dashboard.summary();
      expect(summary.balance).toBe(1_000_000n - 28_000n);
      expect(summary.month.amount).toBe(28_000n);
      expect(summary.recent.map((transaction) => transaction.id)).toEqual([ownTransactionId]);
    }
  });

  it("gives operators their overview and nobody else", async () => {
    await expect(createCaller({ actor: operator }).dashboard.operatorOverview()).resolves.toMatchObject({ pendingTransactions: 0 });
    expect(await codeOf(createCaller({ actor: owner }).dashboard.operatorOverview())).toBe("FORBIDDEN");
    expect(await codeOf(createCaller({ actor: staff }).dashboard.operatorOverview())).toBe("FORBIDDEN");
    expect(await codeOf(createCaller({ actor: operator }).dashboard.summary())).toBe("FORBIDDEN");
  });
});
