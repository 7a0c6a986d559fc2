import { describe, expect, it, vi } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { verifyPassword } from "~/server/auth/password";
import { db } from "~/server/db";
import { type AppError } from "~/server/errors";
import { createAccount } from "~/server/services/accounts/create-account";
import { createUser } from "./create-user";
import { operator, rejection } from "~/test/fixtures";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

describe("createUser", () => {
  it("creates operators without an account and owners/staff in one, with a lower-cased e-mail and a bcrypt hash", async () => {
    const { accountId } = await createAccount(operator, { name: "Users Ltd" });
    const { userId: operatorId } = await createUser(operator, {
      email: "  Ops@Example.TEST ",
      password: "correct horse",
      role: "OPERATOR",
    });
    const { userId: ownerId } = await createUser(operator, {
      email: "owner@example.test",
      password: "owner-pass",
      role: "OWNER",
      accountId,
    });

    const ops = await db.user.findUniqueOrThrow({ where: { id: operatorId } });
    expect(ops).toMatchObject({ email: "ops@example.test", role: "OPERATOR", accountId: null });
    expect(ops.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(await verifyPassword("correct horse", ops.passwordHash)).toBe(true);
    expect(await db.user.findUniqueOrThrow({ where: { id: ownerId } })).toMatchObject({ role: "OWNER", accountId });

    const audit = await db.auditLogEntry.findMany({ where: { action: "user.create" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => [row.targetId, row.accountId])).toEqual([
      [operatorId, null],
      [ownerId, accountId],
    ]);
    expect(JSON.stringify(audit.map((row) => row.details))).not.toContain("owner-pass");
  });

  it("refuses a taken e-mail in any letter case, also when two creations race", async () => {
    await createUser(operator, { email: "taken@example.test", password: "12345678", role: "OPERATOR" });
    expect((await rejection(createUser(operator, { email: "TAKEN@example.test", password: "12345678", role: "OPERATOR" }))).code).toBe(
      "user.email_taken",
    );
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => createUser(operator, { email: "race@example.test", password: "12345678", role: "OPERATOR" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as AppError).code).toBe("user.email_taken");
    expect(await db.user.count({ where: { email: "race@example.test" } })).toBe(1);
  });

  it("validates e-mail, password length, role and the account rule", async () => {
    const { accountId } = await createAccount(operator, { name: "Validation Ltd" });
    const usersBefore = await db.user.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email", password: "12345678", role: "OPERATOR" }, "email"],
      [{ email: "short@example.test", password: "1234567", role: "OPERATOR" }, "password"],
      [{ email: "long@example.test", password: "x".repeat(73), role: "OPERATOR" }, "password"],
      [{ email: "role@example.test", password: "12345678", role: "ADMIN" }, "role"],
      [{ email: "op@example.test", password: "12345678", role: "OPERATOR", accountId }, "accountId"],
      [{ email: "staff@example.test", password: "12345678", role: "STAFF" }, "accountId"],
    ];
    for (const [input, field] of cases) {
      const error = await rejection(createUser(operator, input as never));
      expect(error.code).toBe("validation.failed");
      expect(error.fieldErrors?.map((problem) => problem.name)).toEqual([field]);
    }
    expect(
      (await rejection(createUser(operator, { email: "x@example.test", password: "12345678", role: "OWNER", accountId: "nope" }))).code,
    ).toBe("account.not_found");
    expect(await db.user.count()).toBe(usersBefore);
  });

  it("is for operators only: an account's OWNER invites staff instead, and nobody else may add users", async () => {
    const { accountId: mine } = await createAccount(operator, { name: "Mine Ltd" });
    const { userId } = await createUser(operator, { email: "boss@mine.test", password: "12345678", role: "OWNER", accountId: mine });
    const owner: Actor = { kind: "user", userId, email: "boss@mine.test", role: "OWNER", accountId: mine, sourceIp: null };
    const { userId: staffId } = await createUser(operator, {
      email: "clerk@mine.test",
      password: "12345678",
      role: "STAFF",
      accountId: mine,
    });
    const staff: Actor = { kind: "user", userId: staffId, email: "clerk@mine.test", role: "STAFF", accountId: mine, sourceIp: null };

    const attempts: [Actor, string][] = [
      [owner, "Account owners invite staff from the Team page."],
      [staff, "Only operators may add users."],
      [{ kind: "api-key", apiKeyId: "k", accountId: mine, sourceIp: "127.0.0.1" }, "Only operators may add users."],
    ];
    for (const [actor, message] of attempts) {
      // Even for an address that is taken: only operators, who see every account, are told so.
      for (const email of ["new@mine.test", "clerk@mine.test"]) {
        const error = await rejection(createUser(actor, { email, password: "12345678", role: "STAFF", accountId: mine }));
        expect([error.code, error.message]).toEqual(["forbidden", message]);
      }
    }
    expect(await db.user.count({ where: { email: "new@mine.test" } })).toBe(0);
  });
});
