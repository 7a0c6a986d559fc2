/**
 * Using an invitation link (issue 30, item 8): one answer whether or not the address already had a
 * sign-in (the password hashed either way), the STAFF user created only when it had none, the link good
 * once even under ten uses at once, and refused alike when unknown, expired, revoked, used or its
 * inviter gone. Opening and using links is throttled per address as sign-in is.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import * as password from "~/server/auth/password";
import { signInWithPassword } from "~/server/auth/sign-in";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { createAccount } from "~/server/services/accounts/create-account";
import { createUser } from "~/server/services/users/create-user";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { operator, rejection, uniqueName } from "~/test/fixtures";
import { acceptStaffInvitation } from "./accept-staff-invitation";
import { createStaffInvitation } from "./create-staff-invitation";
import { findInvitationByToken } from "./find-invitation-by-token";
import { revokeStaffInvitation } from "./revoke-staff-invitation";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

// Counts hashing, to show the password is hashed whether or not a user is created.
vi.mock("~/server/auth/password", async (importOriginal) => {
  const original = await importOriginal<typeof password>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const SIGN_IN = { sourceIp: null, userAgent: null };

async function tenant(): Promise<{ accountId: string; name: string; owner: UserActor }> {
  const name = uniqueName("Team Ltd");
  const { accountId } = await createAccount(operator, { name });
  const email = `${uniqueName("owner")}@accept.test`;
  const { userId } = await createUser(operator, { email, password: "owner-password", role: "OWNER", accountId });
  return { accountId, name, owner: { kind: "user", userId, email, role: "OWNER", accountId, sourceIp: null } };
}

async function invite(owner: UserActor, email: string) {
  return createStaffInvitation(owner, { accountId: owner.accountId!, email });
}

/** Whatever the outcome, as a client sees it: the value, or the error's name and message. */
async function answerOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    (value) => JSON.stringify({ value }),
    (error: { code?: string; message?: string }) => JSON.stringify({ error: [error.code, error.message] }),
  );
}

describe("using an invitation link", () => {
  it("answers the same whether or not the address had a sign-in, and creates the user only when it had none", async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const elsewhere = `${uniqueName("elsewhere")}@accept.test`;
    const { userId: elsewhereId } = await createUser(operator, {
      email: elsewhere,
      password: "their-own-password",
      role: "STAFF",
      accountId: theirs.accountId,
    });
    const operatorEmail = `${uniqueName("operator")}@accept.test`;
    await createUser(operator, { email: operatorEmail, password: "operator-password", role: "OPERATOR" });
    const free = `${uniqueName("free")}@accept.test`;

    const hashes = vi.mocked(password.hashPassword);
    const answers: string[] = [];
    for (const email of [free, elsewhere, operatorEmail]) {
      const { token } = await invite(mine.owner, email);
      // The page shows the same for each before anything is sent.
      expect(await findInvitationByToken(token, { sourceIp: null })).toMatchObject({ accountName: mine.name, email });
      hashes.mockClear();
      answers.push(
        await answerOf(acceptStaffInvitation({ token, name: " Ada Obi ", password: "a-new-password" }, { sourceIp: "198.51.100.4" })),
      );
      expect(hashes).toHaveBeenCalledTimes(1);
    }
    expect(answers).toEqual(Array(3).fill(JSON.stringify({ value: { used: true } })));

    const created = await db.user.findUniqueOrThrow({ where: { email: free } });
    expect(created).toMatchObject({
      role: "STAFF",
      accountId: mine.accountId,
      name: "Ada Obi",
      disabledAt: null,
      passwordMustChange: false,
    });
    await expect(signInWithPassword(free, "a-new-password", SIGN_IN)).resolves.toMatchObject({ kind: "signed_in" });

    // The other account's user and the operator are as they were: same account, and the password the
    // link's holder chose does not sign in as them.
    expect(await db.user.findUniqueOrThrow({ where: { id: elsewhereId } })).toMatchObject({ accountId: theirs.accountId, role: "STAFF" });
    await expect(signInWithPassword(elsewhere, "a-new-password", SIGN_IN)).resolves.toEqual({ kind: "refused" });
    await expect(signInWithPassword(elsewhere, "their-own-password", SIGN_IN)).resolves.toMatchObject({ kind: "signed_in" });
    expect(await db.user.findUniqueOrThrow({ where: { email: operatorEmail } })).toMatchObject({ role: "OPERATOR", accountId: null });
    expect(await db.user.count({ where: { accountId: mine.accountId } })).toBe(2);

    // Operators' audit log tells the cases apart; the answers did not.
    const audit = await db.auditLogEntry.findMany({
      where: { action: "invitation.accept", accountId: mine.accountId },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => [entry.actorType, entry.actorId, entry.actorLabel, entry.sourceIp])).toEqual([
      ["USER", created.id, free, "198.51.100.4"],
      ["USER", null, elsewhere, "198.51.100.4"],
      ["USER", null, operatorEmail, "198.51.100.4"],
    ]);
    expect(audit.map((entry) => (entry.details as { userCreated: boolean }).userCreated)).toEqual([true, false, false]);
  });

  it("is good once: of ten uses at once, one succeeds and nine are refused, and one user is created", async () => {
    const mine = await tenant();
    const email = `${uniqueName("race")}@accept.test`;
    const { token, invitationId } = await invite(mine.owner, email);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        acceptStaffInvitation({ token, name: `Racer ${index}`, password: `password-${index}` }, { sourceIp: null }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "invitation.not_found" });
    expect(await db.user.count({ where: { email } })).toBe(1);
    expect(await db.auditLogEntry.count({ where: { action: "invitation.accept", targetId: invitationId } })).toBe(1);
    expect(await findInvitationByToken(token, { sourceIp: null })).toBeNull();
  });

  it("refuses unknown, malformed, expired, revoked and used links, and those of an inviter who is gone, with one message", async () => {
    const mine = await tenant();
    const use = (token: string) => acceptStaffInvitation({ token, name: "Someone", password: "long-enough" }, { sourceIp: null });
    const refusals: string[] = [];
    const refused = async (token: string) => {
      expect(await findInvitationByToken(token, { sourceIp: null })).toBeNull();
      const error = await rejection(use(token));
      expect(error.code).toBe("invitation.not_found");
      refusals.push(error.message);
    };

    await refused(randomBytes(32).toString("base64url"));
    await refused("not a token");
    await refused("");

    const expired = await invite(mine.owner, `${uniqueName("expired")}@accept.test`);
    await db.staffInvitation.update({ where: { id: expired.invitationId }, data: { expiresAt: new Date(Date.now() - 1) } });
    await refused(expired.token);

    const revoked = await invite(mine.owner, `${uniqueName("revoked")}@accept.test`);
    await revokeStaffInvitation(mine.owner, { invitationId: revoked.invitationId });
    await refused(revoked.token);

    const used = await invite(mine.owner, `${uniqueName("used")}@accept.test`);
    await use(used.token);
    await refused(used.token);

    // An owner who is disabled takes their open invitations with them.
    const coOwnerEmail = `${uniqueName("co-owner")}@accept.test`;
    const { userId: coOwnerId } = await createUser(operator, {
      email: coOwnerEmail,
      password: "co-owner-pass",
      role: "OWNER",
      accountId: mine.accountId,
    });
    const coOwner: UserActor = { ...mine.owner, userId: coOwnerId, email: coOwnerEmail };
    const orphaned = await invite(coOwner, `${uniqueName("orphaned")}@accept.test`);
    await setUserDisabled(operator, { userId: coOwnerId, disabled: true });
    await refused(orphaned.token);

    expect(new Set(refusals).size).toBe(1);
    for (const email of ["expired", "revoked", "orphaned"]) {
      expect(await db.user.count({ where: { email: { startsWith: email }, accountId: mine.accountId } })).toBe(0);
    }
  });

  it("checks the name and password by the usual rules before the link is spent", async () => {
    const mine = await tenant();
    const { token } = await invite(mine.owner, `${uniqueName("rules")}@accept.test`);
    for (const [input, field] of [
      [{ name: "Ada", password: "short" }, "password"],
      [{ name: "Ada", password: "x".repeat(73) }, "password"],
      [{ name: "  ", password: "long-enough" }, "name"],
    ] as const) {
      const error = await rejection(acceptStaffInvitation({ token, ...input }, { sourceIp: null }));
      expect(error.code).toBe("validation.failed");
      expect(error.fieldErrors?.map((problem) => problem.name)).toEqual([field]);
    }
    await expect(acceptStaffInvitation({ token, name: "Ada", password: "long-enough" }, { sourceIp: null })).resolves.toEqual({
      used: true,
    });
  });

  it("is throttled per address as sign-in is: past the limit even a good link is refused unchecked", async () => {
    const mine = await tenant();
    // Documentation addresses (RFC 5737) no other test of this file uses: each file has a database of its own.
    const address = "192.0.2.10";
    const good = await invite(mine.owner, `${uniqueName("throttled")}@accept.test`);
    // A good link gives its point back, however often it is opened.
    for (let i = 0; i < 40; i++) expect(await findInvitationByToken(good.token, { sourceIp: address })).not.toBeNull();
    let refusedAt = 0;
    for (let i = 1; i <= 100 && refusedAt === 0; i++) {
      const outcome = await findInvitationByToken(randomBytes(32).toString("base64url"), { sourceIp: address }).then(
        () => null,
        (error: { code?: string }) => error.code,
      );
      if (outcome === "rate_limit.exceeded") refusedAt = i;
    }
    expect(refusedAt).toBeGreaterThan(1);
    expect((await rejection(findInvitationByToken(good.token, { sourceIp: address }))).code).toBe("rate_limit.exceeded");
    expect(
      (await rejection(acceptStaffInvitation({ token: good.token, name: "Ada", password: "long-enough" }, { sourceIp: address }))).code,
    ).toBe("rate_limit.exceeded");
    // Another address is not held up, and the link was not spent.
    await expect(
      acceptStaffInvitation({ token: good.token, name: "Ada", password: "long-enough" }, { sourceIp: "192.0.2.11" }),
    ).resolves.toEqual({
      used: true,
    });
  });
});
