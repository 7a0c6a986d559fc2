/**
 * The owner's pages at the tRPC level: API keys, the test wallet, allowlist and team. Role denials (STAFF, operators,
 * anonymous callers), tenant isolation (another account's key and user ids read as unknown and
 * nothing changes), and that a key's secret is never readable after its creation.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "~/generated/prisma/enums";
import { authorizeCredentials } from "~/server/auth/next-auth";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { createAccount } from "~/server/services/accounts/create-account";
import { addAllowlistEntry } from "~/server/services/allowlist/add-allowlist-entry";
import { setAllowlistRequired } from "~/server/services/allowlist/set-allowlist-required";
import { authenticateApiKey } from "~/server/services/api-keys/authenticate-api-key";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { createUser } from "~/server/services/users/create-user";
import { createCaller } from "~/server/trpc/root";
import { operator as cli, uniqueName } from "~/test/fixtures";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

const PASSWORD = "team-password-1";

interface Tenant {
  accountId: string;
  owner: UserActor;
  staff: UserActor;
  keyId: string;
  apiKey: string;
}

async function userActor(role: Role, accountId: string | null): Promise<UserActor> {
  const email = `${uniqueName(role.toLowerCase())}@example.test`;
  const { userId } = await createUser(cli, { email, password: PASSWORD, role, ...(accountId ? { accountId } : {}) });
  return { kind: "user", userId, email, role, accountId, sourceIp: "127.0.0.1" };
}

async function newTenant(createdAt = "2026-08-01"): Promise<Tenant> {
  const { accountId } = await createAccount(cli, { name: uniqueName("Tenant Ltd"), createdAt });
  const owner = await userActor("OWNER", accountId);
  const staff = await userActor("STAFF", accountId);
  const { keyId, apiKey } = await createApiKey(cli, { accountId, name: "seeded" });
  return { accountId, owner, staff, keyId, apiKey };
}

const callerFor = (actor: UserActor | null) => createCaller({ actor });

/** The tRPC code and the AppError name of a refused call. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; appCode: string | undefined; message: string }> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  const cause = trpcError.cause instanceof AppError ? trpcError.cause : undefined;
  return { code: trpcError.code, appCode: cause?.code, message: trpcError.message };
}

/** Each call, made in turn, is refused to STAFF and operators (FORBIDDEN) and to anonymous callers (UNAUTHORIZED). */
async function expectRefusedToAllButOwners(calls: (caller: ReturnType<typeof callerFor>) => (() => Promise<unknown>)[]) {
  for (const [actor, code] of [
    [a.staff, "FORBIDDEN"],
    [operatorUser, "FORBIDDEN"],
    [null, "UNAUTHORIZED"],
  ] as const) {
    for (const call of calls(callerFor(actor))) expect((await refusal(call())).code).toBe(code);
  }
}

let a: Tenant;
let b: Tenant;
let operatorUser: UserActor;

beforeAll(async () => {
  a = await newTenant();
  b = await newTenant();
  operatorUser = await userActor("OPERATOR", null);
});

describe("apiKeys", () => {
  it("creates a key shown once, lists it newest first without any secret, and revokes it for the next request", async () => {
    const owner = callerFor(a.owner);
    const { keyId, apiKey } = await owner.apiKeys.create({ name: "  Production server " });
    expect(apiKey).toMatch(/^pk_live_[0-9A-Za-z]{40}$/);

    const listed = await owner.apiKeys.list();
    expect(listed.map((key) => key.keyId)).toEqual([keyId, a.keyId]);
    expect(listed[0]).toEqual({
      keyId,
      name: "Production server",
      prefix: "pk_live_",
      livemode: true,
      lastFour: apiKey.slice(-4),
      createdAt: expect.any(Date) as Date,
      lastUsedAt: null,
      revokedAt: null,
      status: "active",
    });
    const { keyHash } = await db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    const serialised = JSON.stringify(listed);
    expect(serialised).not.toContain(apiKey.slice("pk_live_".length));
    expect(serialised).not.toContain(keyHash);

    await expect(authenticateApiKey(`Bearer ${apiKey}`, "127.0.0.1")).resolves.toMatchObject({ actor: { apiKeyId: keyId } });
    const revoked = await owner.apiKeys.revoke({ keyId });
    expect(revoked.keyId).toBe(keyId);
    await expect(authenticateApiKey(`Bearer ${apiKey}`, "127.0.0.1")).rejects.toMatchObject({ code: "unauthorized" });
    expect((await owner.apiKeys.list()).find((key) => key.keyId === keyId)).toMatchObject({
      status: "revoked",
      revokedAt: expect.any(Date) as Date,
    });
    expect(await db.auditLogEntry.count({ where: { action: "key.revoke", targetId: keyId, actorId: a.owner.userId } })).toBe(1);
  });

  it("answers another account's key id, and a malformed one, with not-found and revokes nothing", async () => {
    for (const keyId of [b.keyId, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect(await refusal(callerFor(a.owner).apiKeys.revoke({ keyId }))).toMatchObject({ code: "NOT_FOUND", appCode: "key.not_found" });
    }
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: b.keyId } })).revokedAt).toBeNull();
    await expect(authenticateApiKey(`Bearer ${b.apiKey}`, "127.0.0.1")).resolves.toMatchObject({ actor: { accountId: b.accountId } });
    // And the list is the caller's own account only.
    expect((await callerFor(a.owner).apiKeys.list()).map((key) => key.keyId)).not.toContain(b.keyId);
  });

  it("refuses an empty or over-long name with a field problem, creating nothing", async () => {
    const before = await db.apiKey.count({ where: { accountId: a.accountId } });
    for (const name of ["   ", "x".repeat(101)]) {
      const error = await callerFor(a.owner)
        .apiKeys.create({ name })
        .catch((caught: unknown) => caught as TRPCError);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe("BAD_REQUEST");
      expect(((error as TRPCError).cause as AppError).fieldErrors?.map((problem) => problem.name)).toEqual(["name"]);
    }
    expect(await db.apiKey.count({ where: { accountId: a.accountId } })).toBe(before);
  });

  it("refuses STAFF, operators and anonymous callers, and nothing changes", async () => {
    const before = await db.apiKey.findMany({ where: { accountId: a.accountId }, orderBy: { id: "asc" } });
    await expectRefusedToAllButOwners((caller) => [
      () => caller.apiKeys.list(),
      () => caller.apiKeys.create({ name: "sneaky" }),
      () => caller.apiKeys.revoke({ keyId: a.keyId }),
    ]);
    expect((await refusal(callerFor(operatorUser).apiKeys.list())).message).toMatch(/operator console/);
    expect(await db.apiKey.findMany({ where: { accountId: a.accountId }, orderBy: { id: "asc" } })).toEqual(before);
  });
});

describe('test mode (docs/integrating.md "Test mode")', () => {
  it("creates a pk_test_ key when asked, listed with its mode, which authenticates as a test actor", async () => {
    const owner = callerFor(a.owner);
    const { keyId, apiKey, livemode } = await owner.apiKeys.create({ name: "Staging server", mode: "test" });
    expect(apiKey).toMatch(/^pk_test_[0-9A-Za-z]{40}$/);
    expect(livemode).toBe(false);
    expect((await owner.apiKeys.list()).find((key) => key.keyId === keyId)).toMatchObject({ prefix: "pk_test_", livemode: false });
    await expect(authenticateApiKey(`Bearer ${apiKey}`, "127.0.0.1")).resolves.toMatchObject({
      actor: { apiKeyId: keyId, livemode: false },
    });
  });

  it("lets the owner top up and reset the test wallet, in either mode, and leaves the live wallet alone", async () => {
    const tenant = await newTenant();
    const liveBefore = (
      await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: tenant.accountId, livemode: true } } })
    ).balance;
    const owner = callerFor(tenant.owner);
    await expect(owner.testWallet.reset({ balance: 0 })).resolves.toEqual({ balance: 0n });
    await expect(owner.testWallet.topUp({ amount: 150_000 })).resolves.toEqual({ balance: 150_000n });
    // The balance the portal shows with Test data on is the same wallet's.
    await expect(callerFor({ ...tenant.staff, livemode: false }).purchases.balance()).resolves.toMatchObject({
      balance: 150_000n,
      livemode: false,
    });
    await expect(callerFor({ ...tenant.owner, livemode: false }).testWallet.reset({})).resolves.toEqual({ balance: 100_000_000n });
    const live = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: tenant.accountId, livemode: true } } });
    expect(live.balance).toBe(liveBefore);
  });

  it("refuses a top-up of nothing and a negative reset with a field problem", async () => {
    expect(await refusal(callerFor(a.owner).testWallet.topUp({ amount: 0 }))).toMatchObject({
      code: "BAD_REQUEST",
      appCode: "validation.failed",
    });
    expect(await refusal(callerFor(a.owner).testWallet.reset({ balance: -1 }))).toMatchObject({
      code: "BAD_REQUEST",
      appCode: "validation.failed",
    });
  });

  it("refuses STAFF (in test mode too), operators and anonymous callers the test wallet's changes", async () => {
    const before = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: a.accountId, livemode: false } } });
    await expectRefusedToAllButOwners((caller) => [
      () => caller.testWallet.topUp({ amount: 100 }),
      () => caller.testWallet.reset({ balance: 0 }),
    ]);
    expect((await refusal(callerFor({ ...a.staff, livemode: false }).testWallet.reset({ balance: 0 }))).code).toBe("FORBIDDEN");
    const after = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: a.accountId, livemode: false } } });
    expect(after.balance).toBe(before.balance);
  });
});

describe("allowlist", () => {
  it("shows the owner and staff their own entries and that the API works", async () => {
    for (const entry of ["10.1.2.3", "2001:db8::/32"]) await addAllowlistEntry(cli, { accountId: a.accountId, entry });
    const expected = {
      entries: ["10.1.2.3/32", "2001:db8::/32"],
      required: true,
      requiredByPolicy: true,
      apiBlocked: false,
      // The caller's own address (callerFor's 127.0.0.1), which none of these entries admits.
      yourAddress: { address: "127.0.0.1", allowedBy: null },
    };
    await expect(callerFor(a.owner).allowlist.status()).resolves.toEqual(expected);
    await expect(callerFor(a.staff).allowlist.status()).resolves.toEqual(expected);
  });

  it("says the API is blocked when the account requires a list and has none", async () => {
    await expect(callerFor(b.owner).allowlist.status()).resolves.toEqual({
      entries: [],
      required: true,
      requiredByPolicy: true,
      apiBlocked: true,
      yourAddress: { address: "127.0.0.1", allowedBy: null },
    });
  });

  it("tells an opt-in from the policy, and an older account without a requirement is not blocked", async () => {
    const older = await newTenant("2026-03-01");
    await expect(callerFor(older.owner).allowlist.status()).resolves.toEqual({
      entries: [],
      required: false,
      requiredByPolicy: false,
      apiBlocked: false,
      yourAddress: { address: "127.0.0.1", allowedBy: null },
    });
    await setAllowlistRequired(cli, { accountId: older.accountId, required: true });
    await expect(callerFor(older.owner).allowlist.status()).resolves.toMatchObject({
      required: true,
      requiredByPolicy: false,
      apiBlocked: true,
    });
  });

  it("refuses operators (they have the console) and anonymous callers", async () => {
    expect((await refusal(callerFor(operatorUser).allowlist.status())).code).toBe("FORBIDDEN");
    expect((await refusal(callerFor(null).allowlist.status())).code).toBe("UNAUTHORIZED");
  });
});

describe("team", () => {
  it("lists the account's users, owners first, marking the caller, with nothing secret", async () => {
    const users = await callerFor(a.owner).team.list();
    expect(users.map((user) => [user.email, user.role, user.isYou])).toEqual([
      [a.owner.email, "OWNER", true],
      [a.staff.email, "STAFF", false],
    ]);
    expect(Object.keys(users[0] ?? {}).sort()).toEqual(["createdAt", "disabledAt", "email", "isYou", "name", "role", "userId"]);
  });

  it("invites staff to the owner's own account, whatever else is sent; the link, used signed out, adds them", async () => {
    const email = `${uniqueName("new-staff")}@example.test`;
    const sneaky = { email: email.toUpperCase(), name: " Ada ", role: "OWNER", accountId: b.accountId, password: "chosen-by-owner" };
    const invited = await callerFor(a.owner).team.invite(sneaky as { email: string; name: string });
    expect(Object.keys(invited).sort()).toEqual(["email", "expiresAt", "invitationId", "name", "token"]);
    expect(await db.staffInvitation.findUniqueOrThrow({ where: { id: invited.invitationId } })).toMatchObject({
      email,
      name: "Ada",
      role: "STAFF",
      accountId: a.accountId,
      createdById: a.owner.userId,
    });
    expect(await db.user.count({ where: { email } })).toBe(0);
    const pending = await callerFor(a.owner).team.invitations();
    expect(pending.find((invitation) => invitation.invitationId === invited.invitationId)).toEqual({
      invitationId: invited.invitationId,
      email,
      name: "Ada",
      invitedBy: a.owner.email,
      createdAt: expect.any(Date) as Date,
      expiresAt: invited.expiresAt,
    });
    expect(JSON.stringify(pending)).not.toContain(invited.token);

    await expect(
      callerFor(null).invitations.accept({ token: invited.token, name: "Ada Obi", password: "her-own-password" }),
    ).resolves.toEqual({
      used: true,
    });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ role: "STAFF", accountId: a.accountId, name: "Ada Obi" });
    expect((await callerFor(a.owner).team.list()).map((member) => member.userId)).toContain(user.id);
    expect((await callerFor(b.owner).team.list()).map((member) => member.userId)).not.toContain(user.id);
    expect((await callerFor(a.owner).team.invitations()).map((invitation) => invitation.invitationId)).not.toContain(invited.invitationId);
    await expect(authorizeCredentials({ email, password: "her-own-password" })).resolves.toMatchObject({ id: user.id });
  });

  it("answers an invitation of another account's user or an operator exactly as one of an unused address", async () => {
    const shapes = new Set<string>();
    for (const email of [`${uniqueName("unused")}@example.test`, b.staff.email, b.owner.email, operatorUser.email]) {
      const invited = await callerFor(a.owner).team.invite({ email });
      const { invitationId, token, expiresAt, ...rest } = invited;
      expect([typeof invitationId, typeof token, expiresAt instanceof Date]).toEqual(["string", "string", true]);
      shapes.add(JSON.stringify({ ...rest, email: rest.email === email ? "<the address>" : rest.email }));
    }
    expect([...shapes]).toEqual([JSON.stringify({ email: "<the address>", name: null })]);
  });

  it("reports a bad e-mail, an address on the team and one already invited plainly, inviting nobody", async () => {
    const before = await db.staffInvitation.count();
    const invalid = await refusal(callerFor(a.owner).team.invite({ email: "not-an-email" }));
    expect(invalid).toMatchObject({ code: "BAD_REQUEST", appCode: "validation.failed" });
    const onTeam = await refusal(callerFor(a.owner).team.invite({ email: a.staff.email }));
    expect(onTeam).toMatchObject({ code: "CONFLICT", appCode: "invitation.already_on_team" });
    expect(await db.staffInvitation.count()).toBe(before);

    const email = `${uniqueName("twice")}@example.test`;
    const first = await callerFor(a.owner).team.invite({ email });
    expect(await refusal(callerFor(a.owner).team.invite({ email }))).toMatchObject({ code: "CONFLICT", appCode: "invitation.pending" });
    await callerFor(a.owner).team.revokeInvitation({ invitationId: first.invitationId });
    await expect(callerFor(a.owner).team.invite({ email })).resolves.toMatchObject({ email });
  });

  it("keeps each account's invitations to itself: another owner can neither list nor revoke them", async () => {
    const invited = await callerFor(a.owner).team.invite({ email: `${uniqueName("private")}@example.test` });
    expect((await callerFor(b.owner).team.invitations()).map((invitation) => invitation.invitationId)).not.toContain(invited.invitationId);
    for (const invitationId of [invited.invitationId, "nope", "00000000-0000-0000-0000-000000000000"]) {
      expect(await refusal(callerFor(b.owner).team.revokeInvitation({ invitationId }))).toMatchObject({
        code: "NOT_FOUND",
        appCode: "invitation.not_found",
      });
    }
    expect(await db.staffInvitation.findUniqueOrThrow({ where: { id: invited.invitationId } })).toMatchObject({
      revokedAt: null,
      acceptedAt: null,
    });
    expect((await callerFor(a.owner).team.invitations()).map((invitation) => invitation.invitationId)).toContain(invited.invitationId);

    await expect(callerFor(a.owner).team.revokeInvitation({ invitationId: invited.invitationId })).resolves.toMatchObject({
      invitationId: invited.invitationId,
    });
    expect(await refusal(callerFor(a.owner).team.revokeInvitation({ invitationId: invited.invitationId }))).toMatchObject({
      appCode: "invitation.not_found",
    });
    expect(
      await refusal(callerFor(null).invitations.accept({ token: invited.token, name: "Late", password: "long-enough" })),
    ).toMatchObject({
      code: "NOT_FOUND",
      appCode: "invitation.not_found",
    });
  });

  it("disables a staff user, who can no longer sign in, and enables them again with a temporary password", async () => {
    const staff = await userActor("STAFF", a.accountId);
    const disabled = await callerFor(a.owner).team.setDisabled({ userId: staff.userId, disabled: true });
    expect(disabled.disabledAt).toBeInstanceOf(Date);
    await expect(authorizeCredentials({ email: staff.email, password: PASSWORD })).resolves.toBeNull();
    expect((await callerFor(a.owner).team.list()).find((user) => user.userId === staff.userId)?.disabledAt).toEqual(disabled.disabledAt);

    const enabled = await callerFor(a.owner).team.setDisabled({ userId: staff.userId, disabled: false });
    expect(enabled).toMatchObject({ userId: staff.userId, disabledAt: null, temporaryPasswordExpiresAt: expect.any(Date) as Date });
    // The password they had when disabled does not come back (docs/security.md); the temporary one
    // signs in, into a session that must first choose a new password.
    await expect(authorizeCredentials({ email: staff.email, password: PASSWORD })).resolves.toBeNull();
    await expect(authorizeCredentials({ email: staff.email, password: enabled.temporaryPassword! })).resolves.toMatchObject({
      id: staff.userId,
      passwordMustChange: true,
    });
    const audit = await db.auditLogEntry.findMany({
      where: { targetId: staff.userId, action: { in: ["user.disable", "user.enable"] } },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["user.disable", a.owner.userId],
      ["user.enable", a.owner.userId],
    ]);
  });

  it("answers another account's user id with not-found and changes nothing", async () => {
    for (const userId of [b.staff.userId, b.owner.userId, operatorUser.userId, "nope"]) {
      expect(await refusal(callerFor(a.owner).team.setDisabled({ userId, disabled: true }))).toMatchObject({
        code: "NOT_FOUND",
        appCode: "user.not_found",
      });
    }
    const untouched = await db.user.findMany({ where: { id: { in: [b.staff.userId, b.owner.userId, operatorUser.userId] } } });
    expect(untouched.map((user) => user.disabledAt)).toEqual([null, null, null]);
  });

  it("will not let an owner disable themselves or another owner", async () => {
    const coOwner = await userActor("OWNER", a.accountId);
    expect((await refusal(callerFor(a.owner).team.setDisabled({ userId: a.owner.userId, disabled: true }))).code).toBe("FORBIDDEN");
    expect((await refusal(callerFor(a.owner).team.setDisabled({ userId: coOwner.userId, disabled: true }))).code).toBe("FORBIDDEN");
    const rows = await db.user.findMany({ where: { id: { in: [a.owner.userId, coOwner.userId] } } });
    expect(rows.map((user) => user.disabledAt)).toEqual([null, null]);
  });

  it("refuses STAFF, operators and anonymous callers, and nothing changes", async () => {
    const before = await db.user.findMany({ where: { accountId: a.accountId }, orderBy: { id: "asc" } });
    const invitationsBefore = await db.staffInvitation.count({ where: { accountId: a.accountId } });
    await expectRefusedToAllButOwners((caller) => [
      () => caller.team.list(),
      () => caller.team.invite({ email: `${uniqueName("x")}@example.test` }),
      () => caller.team.invitations(),
      () => caller.team.revokeInvitation({ invitationId: "00000000-0000-0000-0000-000000000000" }),
      () => caller.team.setDisabled({ userId: a.staff.userId, disabled: true }),
    ]);
    expect(await db.user.findMany({ where: { accountId: a.accountId }, orderBy: { id: "asc" } })).toEqual(before);
    expect(await db.staffInvitation.count({ where: { accountId: a.accountId } })).toBe(invitationsBefore);
  });
});
