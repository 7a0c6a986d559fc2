/**
 * Two-factor sign-in (issue 30): enrolment with a confirmation code and the password, recovery codes
 * stored hashed and good once, a TOTP code good once (RFC 6238 §5.2), codes throttled as passwords
 * are, turning it off only with a fresh code, an operator's reset audited; operators without it are
 * gated; and operators can be disabled, never the last active one.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/server/db";
import type { UserActor } from "~/server/auth/session";
import { signInWithCode, signInWithPassword, type SignInOutcome } from "~/server/auth/sign-in";
import { SignInThrottledError } from "~/server/auth/sign-in-throttle";
import { currentTotpCode } from "~/server/auth/totp";
import { confirmTwoFactorEnrolment } from "~/server/services/security/confirm-two-factor-enrolment";
import { disableTwoFactor } from "~/server/services/security/disable-two-factor";
import { resetUserTwoFactor } from "~/server/services/security/reset-user-two-factor";
import { startTwoFactorEnrolment } from "~/server/services/security/start-two-factor-enrolment";
import { readActiveSession } from "~/server/services/sessions/read-active-session";
import { createUser } from "~/server/services/users/create-user";
import { setUserDisabled } from "~/server/services/users/set-user-disabled";
import { operator, rejection } from "~/test/fixtures";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

const PASSWORD = "two factor password";
const CONTEXT = { sourceIp: "127.0.0.9", userAgent: "vitest" };

async function newOperator(): Promise<UserActor> {
  const email = `op-${randomUUID()}@two-factor.test`;
  const { userId } = await createUser(operator, { email, password: PASSWORD, role: "OPERATOR" });
  return { kind: "user", userId, email, role: "OPERATOR", accountId: null, sourceIp: "127.0.0.9" };
}

/**
 * Waits, when the current 30-second TOTP step has less than 10 seconds left, for the next one to begin.
 * The confirmation below checks its code (the step before now) only after the password (bcrypt), and on
 * a loaded machine a step boundary passed in between often enough to refuse it: two steps back.
 */
async function awayFromStepBoundary(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Enrols through the two services the security page calls; the recovery codes it was given. */
async function enrol(actor: UserActor): Promise<{ secret: string; recoveryCodes: string[] }> {
  await awayFromStepBoundary();
  const { secret, qrCode, uri } = await startTwoFactorEnrolment(actor);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(uri).toContain(`secret=${secret}`);
  // The code of the step before now: the confirmation spends it, leaving this step's for sign-in.
  const { recoveryCodes } = await confirmTwoFactorEnrolment(actor, {
    code: currentTotpCode(secret, Date.now() - 30_000),
    password: PASSWORD,
  });
  return { secret, recoveryCodes };
}

function challengeOf(outcome: SignInOutcome): string {
  if (outcome.kind !== "two_factor") throw new Error(`expected a two-factor step, got ${outcome.kind}`);
  return outcome.challenge;
}

describe("two-factor sign-in", () => {
  it("an operator without it is gated until enrolled; enrolled, the password alone is not enough", async () => {
    const actor = await newOperator();
    const first = await signInWithPassword(actor.email, PASSWORD, CONTEXT);
    expect(first.kind).toBe("signed_in");
    if (first.kind !== "signed_in") return;
    expect((await readActiveSession(first.sessionId, null))?.gate).toBe("two_factor_enrolment");

    const { secret, recoveryCodes } = await enrol({ ...actor, sessionId: first.sessionId });
    expect(recoveryCodes).toHaveLength(10);
    // Stored hashed: no code appears in the database.
    const stored = await db.recoveryCode.findMany({ where: { userId: actor.userId } });
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replaceAll("-", ""));
    // The session that enrolled goes on, no longer gated.
    expect((await readActiveSession(first.sessionId, null))?.gate).toBeNull();

    const challenge = challengeOf(await signInWithPassword(actor.email, PASSWORD, CONTEXT));
    expect(await signInWithCode(challenge, "000000", CONTEXT)).toEqual({ kind: "two_factor", challenge, invalid: true });
    const code = currentTotpCode(secret);
    const done = await signInWithCode(challenge, code, CONTEXT);
    expect(done).toMatchObject({ kind: "signed_in" });
    // The challenge is spent, and the same code is no good on a new one (a code is good once).
    expect((await signInWithCode(challenge, code, CONTEXT)).kind).toBe("challenge_expired");
    const again = challengeOf(await signInWithPassword(actor.email, PASSWORD, CONTEXT));
    expect(await signInWithCode(again, code, CONTEXT)).toMatchObject({ kind: "two_factor", invalid: true });

    // A recovery code works once, typed in any case and spacing.
    const recovery = recoveryCodes[0]!;
    expect(await signInWithCode(again, ` ${recovery.toUpperCase()} `, CONTEXT)).toMatchObject({ kind: "signed_in" });
    const third = challengeOf(await signInWithPassword(actor.email, PASSWORD, CONTEXT));
    expect(await signInWithCode(third, recovery, CONTEXT)).toMatchObject({ kind: "two_factor", invalid: true });

    const audit = await db.auditLogEntry.findMany({ where: { targetId: actor.userId }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["auth.sign_in", "user.two_factor_enable", "auth.sign_in_failed"]),
    );
    expect(audit.filter((entry) => entry.action === "auth.sign_in").map((entry) => (entry.details as { method: string }).method)).toEqual([
      "password",
      "totp",
      "recovery_code",
    ]);
  });

  it("codes are throttled as passwords are: past the limit even the right code is refused unchecked", async () => {
    const actor = await newOperator();
    const { secret } = await enrol(actor);
    // The password step counts once; four wrong codes make five failures for this e-mail.
    const challenge = challengeOf(await signInWithPassword(actor.email, PASSWORD, CONTEXT));
    for (let attempt = 0; attempt < 4; attempt++) await signInWithCode(challenge, "123456", CONTEXT);
    await expect(signInWithCode(challenge, currentTotpCode(secret), CONTEXT)).rejects.toBeInstanceOf(SignInThrottledError);
  });

  it("turning it off needs a fresh code; an operator's reset is audited and ends every session", async () => {
    const actor = await newOperator();
    const { secret } = await enrol(actor);
    expect((await rejection(disableTwoFactor(actor, { code: "999999" }))).code).toBe("auth.wrong_code");
    expect((await db.user.findUniqueOrThrow({ where: { id: actor.userId } })).totpEnabledAt).not.toBeNull();
    await disableTwoFactor(actor, { code: currentTotpCode(secret) });
    expect(await db.user.findUniqueOrThrow({ where: { id: actor.userId } })).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await db.recoveryCode.count({ where: { userId: actor.userId } })).toBe(0);

    await enrol(actor);
    const session = await signInWithPassword(actor.email, PASSWORD, CONTEXT);
    const signedIn = await signInWithCode(
      challengeOf(session),
      currentTotpCode((await db.user.findUniqueOrThrow({ where: { id: actor.userId } })).totpSecret!, Date.now() + 30_000),
      CONTEXT,
    );
    expect(signedIn.kind).toBe("signed_in");
    const other = await newOperator();
    const reset = await resetUserTwoFactor(other, { userId: actor.userId });
    expect(reset).toEqual({ userId: actor.userId, wasOn: true });
    if (signedIn.kind === "signed_in") expect(await readActiveSession(signedIn.sessionId, null)).toBeNull();
    const entry = await db.auditLogEntry.findFirstOrThrow({ where: { targetId: actor.userId, action: "user.two_factor_reset" } });
    expect(entry).toMatchObject({ actorId: other.userId, actorLabel: other.email });
    // Back to the gate at the next sign-in: password alone, then set it up again.
    const next = await signInWithPassword(actor.email, PASSWORD, CONTEXT);
    if (next.kind !== "signed_in") throw new Error("expected a session");
    expect((await readActiveSession(next.sessionId, null))?.gate).toBe("two_factor_enrolment");
  });
});

describe("disabling operators", () => {
  it("another operator or the CLI may, never for oneself, and never the last active operator, even when two try at once", async () => {
    // Every operator of this database but two new ones disabled, so the last-one rule is reachable.
    const [first, second] = [await newOperator(), await newOperator()];
    await db.user.updateMany({
      where: { role: "OPERATOR", id: { notIn: [first.userId, second.userId] } },
      data: { disabledAt: new Date() },
    });
    expect((await rejection(setUserDisabled(first, { userId: first.userId, disabled: true }))).code).toBe("forbidden");

    const results = await Promise.allSettled([
      setUserDisabled(first, { userId: second.userId, disabled: true }),
      setUserDisabled(second, { userId: first.userId, disabled: true }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "user.last_operator" });
    expect(await db.user.count({ where: { role: "OPERATOR", disabledAt: null } })).toBe(1);

    const [remaining] = await db.user.findMany({ where: { role: "OPERATOR", disabledAt: null } });
    expect((await rejection(setUserDisabled(operator, { userId: remaining!.id, disabled: true }))).code).toBe("user.last_operator");
  });
});
