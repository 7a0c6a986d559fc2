/**
 * An owner's invitation (issue 30, item 8): its answer never depends on other accounts' users, and the
 * invite path does not even read them. It may refuse what is the owner's own business: an address on
 * their own team, or one already invited and pending. Owners only, and only for their own account.
 */
import { describe, expect, it, vi } from "vitest";
import type { Actor } from "~/server/auth/actor";
import type { UserActor } from "~/server/auth/session";
import { db, type DbClient } from "~/server/db";
import { createAccount } from "~/server/services/accounts/create-account";
import { createUser } from "~/server/services/users/create-user";
import { operator, rejection, uniqueName } from "~/test/fixtures";
import { createStaffInvitation } from "./create-staff-invitation";
import { INVITATION_LIFETIME_MS, invitationTokenHash } from "./invitation-token";
import { revokeStaffInvitation } from "./revoke-staff-invitation";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

async function tenant(): Promise<{ accountId: string; name: string; owner: UserActor; staffEmail: string }> {
  const name = uniqueName("Inviting Ltd");
  const { accountId } = await createAccount(operator, { name });
  const email = `${uniqueName("owner")}@invite.test`;
  const { userId } = await createUser(operator, { email, password: "owner-password", role: "OWNER", accountId });
  const staffEmail = `${uniqueName("staff")}@invite.test`;
  await createUser(operator, { email: staffEmail, password: "staff-password", role: "STAFF", accountId });
  return { accountId, name, owner: { kind: "user", userId, email, role: "OWNER", accountId, sourceIp: "203.0.113.5" }, staffEmail };
}

/** What a client could tell apart in an answer: everything but the values that differ by construction. */
function shapeOf(answer: Record<string, unknown>, email: string) {
  return JSON.stringify(answer, (key, value: unknown) =>
    key === "invitationId"
      ? "<id>"
      : key === "token"
        ? "<token>"
        : key === "expiresAt"
          ? "<expiresAt>"
          : value === email
            ? "<email>"
            : value,
  );
}

/**
 * A transaction client that records every read of the users table: model calls on `user` with their
 * arguments, and any raw SQL (which could reach users without going through the model).
 */
function recordingUserReads(client: DbClient) {
  const userCalls: { operation: string; args: unknown }[] = [];
  const rawSql: string[] = [];
  const proxy = new Proxy(client, {
    get(target, property) {
      if (property === "user") {
        const users = target.user;
        return new Proxy(users, {
          get(model, operation) {
            const original = (model as unknown as Record<string | symbol, unknown>)[operation];
            if (typeof original !== "function") return original;
            return (args: unknown) => {
              userCalls.push({ operation: String(operation), args });
              return (original as (args: unknown) => unknown).call(model, args);
            };
          },
        });
      }
      if (property === "$queryRaw" || property === "$executeRaw") {
        return (strings: TemplateStringsArray, ...values: unknown[]) => {
          rawSql.push(strings.join("?"));
          return (target[property] as (strings: TemplateStringsArray, ...values: unknown[]) => unknown).call(target, strings, ...values);
        };
      }
      return Reflect.get(target, property) as unknown;
    },
  });
  return { client: proxy, userCalls, rawSql };
}

describe("an owner's invitation", () => {
  it("answers alike for an unused address, another account's user's and an operator's: an invitation each, no error", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const operatorEmail = `${uniqueName("operator")}@invite.test`;
    await createUser(operator, { email: operatorEmail, password: "operator-password", role: "OPERATOR" });
    const unused = `${uniqueName("new")}@invite.test`;

    const answers = [];
    for (const email of [unused, theirs.staffEmail, operatorEmail]) {
      const before = Date.now();
      const answer = await createStaffInvitation(mine.owner, { accountId: mine.accountId, email: email.toUpperCase(), name: "Ada" });
      expect(answer.email).toBe(email);
      expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(answer.expiresAt.getTime()).toBeGreaterThanOrEqual(before + INVITATION_LIFETIME_MS);
      expect(answer.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + INVITATION_LIFETIME_MS);
      answers.push(shapeOf({ ...answer }, email));

      const stored = await db.staffInvitation.findUniqueOrThrow({ where: { id: answer.invitationId } });
      expect(stored).toMatchObject({ accountId: mine.accountId, email, name: "Ada", role: "STAFF", createdById: mine.owner.userId });
      expect(stored.tokenHash).toBe(invitationTokenHash(answer.token));
      expect(JSON.stringify(stored)).not.toContain(answer.token);
    }
    expect(new Set(answers).size).toBe(1);

    const audit = await db.auditLogEntry.findMany({
      where: { action: "invitation.create", accountId: mine.accountId },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => [entry.actorId, entry.actorLabel, entry.sourceIp, entry.targetType])).toEqual(
      Array(3).fill([mine.owner.userId, mine.owner.email, "203.0.113.5", "invitation"]),
    );
    // Nobody was added or changed anywhere: an invitation only waits for its link to be used.
    expect(await db.user.count({ where: { email: unused } })).toBe(0);
    expect(await db.user.findUniqueOrThrow({ where: { email: theirs.staffEmail } })).toMatchObject({ accountId: theirs.accountId });
  });

  it("reads no user but its own account's: every look-up of users is scoped to it, and no raw SQL touches them", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    for (const email of [`${uniqueName("new")}@invite.test`, theirs.staffEmail, theirs.owner.email]) {
      const recorded = await db.$transaction(async (tx) => {
        const recording = recordingUserReads(tx);
        await createStaffInvitation(mine.owner, { accountId: mine.accountId, email }, recording.client);
        return recording;
      });
      expect(recorded.userCalls.length).toBeGreaterThan(0);
      for (const call of recorded.userCalls) {
        expect(call.operation, JSON.stringify(call)).toMatch(/^find/);
        expect((call.args as { where?: { accountId?: unknown } }).where?.accountId, JSON.stringify(call)).toBe(mine.accountId);
      }
      for (const sql of recorded.rawSql) expect(sql).not.toMatch(/\busers\b/i);
    }
  });

  it("refuses an address on the owner's own team (naming the team) and one already invited, until that invitation is revoked", async () => {
    const mine = await tenant();
    const onTeam = await rejection(createStaffInvitation(mine.owner, { accountId: mine.accountId, email: mine.staffEmail }));
    expect(onTeam.code).toBe("invitation.already_on_team");
    expect(onTeam.message).toContain(mine.name);
    expect(onTeam.fieldErrors?.map((problem) => problem.name)).toEqual(["email"]);
    expect((await rejection(createStaffInvitation(mine.owner, { accountId: mine.accountId, email: mine.owner.email }))).code).toBe(
      "invitation.already_on_team",
    );

    const email = `${uniqueName("twice")}@invite.test`;
    const first = await createStaffInvitation(mine.owner, { accountId: mine.accountId, email });
    const again = await rejection(createStaffInvitation(mine.owner, { accountId: mine.accountId, email: ` ${email.toUpperCase()} ` }));
    expect(again.code).toBe("invitation.pending");
    expect(again.fieldErrors?.map((problem) => problem.name)).toEqual(["email"]);

    await revokeStaffInvitation(mine.owner, { invitationId: first.invitationId });
    const second = await createStaffInvitation(mine.owner, { accountId: mine.accountId, email });
    expect(second.token).not.toBe(first.token);

    // An expired invitation is no longer pending either.
    await db.staffInvitation.update({ where: { id: second.invitationId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(createStaffInvitation(mine.owner, { accountId: mine.accountId, email })).resolves.toMatchObject({ email });
  });

  it("makes one invitation of several at once for the same address", async () => {
    const mine = await tenant();
    const email = `${uniqueName("race")}@invite.test`;
    const results = await Promise.allSettled([1, 2, 3].map(() => createStaffInvitation(mine.owner, { accountId: mine.accountId, email })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "invitation.pending" });
    expect(await db.staffInvitation.count({ where: { accountId: mine.accountId, email } })).toBe(1);
  });

  it("is for owners only, of their own account: staff, operators, the CLI and API keys are refused", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const staff = await db.user.findUniqueOrThrow({ where: { email: mine.staffEmail } });
    const operatorId = (
      await createUser(operator, { email: `${uniqueName("operator")}@invite.test`, password: "operator-password", role: "OPERATOR" })
    ).userId;
    const email = `${uniqueName("nobody")}@invite.test`;
    const attempts: [Actor, string, string][] = [
      [mine.owner, theirs.accountId, "account.not_found"],
      [
        { kind: "user", userId: staff.id, email: staff.email, role: "STAFF", accountId: mine.accountId, sourceIp: null },
        mine.accountId,
        "forbidden",
      ],
      [
        { kind: "user", userId: operatorId, email: "op@invite.test", role: "OPERATOR", accountId: null, sourceIp: null },
        mine.accountId,
        "forbidden",
      ],
      [operator, mine.accountId, "forbidden"],
      [{ kind: "api-key", apiKeyId: "k", accountId: mine.accountId, sourceIp: "127.0.0.1" }, mine.accountId, "forbidden"],
    ];
    for (const [actor, accountId, code] of attempts) {
      expect((await rejection(createStaffInvitation(actor, { accountId, email }))).code, JSON.stringify(actor)).toBe(code);
    }
    expect(await db.staffInvitation.count({ where: { email } })).toBe(0);
  });
});
