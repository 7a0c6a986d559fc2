/**
 * Deciding a portal sign-in, for next-auth's Credentials provider (next-auth.ts): the password, then,
 * for a user with two-factor sign-in, a code against a single-use challenge. Both steps go through the
 * sign-in throttle (sign-in-throttle.ts) before anything is checked, so codes are guessed no faster
 * than passwords; a success clears the e-mail's failures only once the whole sign-in has succeeded.
 *
 * Every refusal of a known user is audited (record-sign-in-failure.ts); the answer to the browser is
 * the same for a wrong password, an unknown e-mail, a disabled user and a spent temporary password.
 */
import { createHash, randomBytes } from "node:crypto";
import { db } from "~/server/db";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import { signInThrottle } from "~/server/auth/sign-in-throttle";
import { spendSecondFactorCode } from "~/server/auth/two-factor-code";
import { logger } from "~/server/log";
import { recordSignInFailure } from "~/server/services/sessions/record-sign-in-failure";
import { SESSION_USER_SELECT, type SessionUserRow } from "~/server/services/sessions/session-user";
import { startSession, type SignInContext } from "~/server/services/sessions/start-session";

export type SignInOutcome =
  | { kind: "signed_in"; user: SessionUserRow; sessionId: string }
  | { kind: "refused" }
  | { kind: "two_factor"; challenge: string; invalid: boolean }
  | { kind: "challenge_expired" };

const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const CHALLENGE_MAX_ATTEMPTS = 5;

const SIGN_IN_SELECT = { ...SESSION_USER_SELECT, passwordHash: true, disabledAt: true, passwordExpiresAt: true, totpSecret: true } as const;

/**
 * Compared against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password
 * and response times do not reveal which addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-only-for-equal-timing");
  return dummyHash;
}

const hashChallenge = (token: string) => createHash("sha256").update(token).digest("hex");

function sessionUser(user: SessionUserRow): SessionUserRow {
  const { id, email, role, accountId, passwordMustChange, totpEnabledAt } = user;
  return { id, email, role, accountId, passwordMustChange, totpEnabledAt };
}

async function signedIn(
  user: SessionUserRow,
  method: "password" | "totp" | "recovery_code",
  context: SignInContext,
): Promise<SignInOutcome> {
  const sessionId = await startSession(sessionUser(user), method, context);
  if (!sessionId) {
    await recordSignInFailure(user, context.sourceIp, "temporary_password_expired");
    return { kind: "refused" };
  }
  return { kind: "signed_in", user: sessionUser(user), sessionId };
}

/** Throws SignInThrottledError when over the limit, before looking at the password. */
export async function signInWithPassword(email: string, password: string, context: SignInContext): Promise<SignInOutcome> {
  const attempt = await signInThrottle().begin(email, context.sourceIp);
  const user = await db.user.findUnique({ where: { email }, select: SIGN_IN_SELECT });
  if (!user) {
    await verifyPassword(password, await timingDummyHash());
    logger.info({ outcome: "unknown_email", sourceIp: context.sourceIp }, "sign-in refused");
    return { kind: "refused" };
  }
  const matches = await verifyPassword(password, user.passwordHash);
  // Checked after the password so that these answer exactly like a wrong password.
  const temporaryExpired = user.passwordMustChange && (!user.passwordExpiresAt || user.passwordExpiresAt.getTime() <= Date.now());
  const failure = !matches ? "wrong_password" : user.disabledAt ? "user_disabled" : temporaryExpired ? "temporary_password_expired" : null;
  if (failure) {
    logger.info({ outcome: failure, userId: user.id, sourceIp: context.sourceIp }, "sign-in refused");
    await recordSignInFailure(user, context.sourceIp, failure);
    return { kind: "refused" };
  }
  if (user.totpSecret && user.totpEnabledAt) {
    // The password is right; the failures counted so far stay until the code is right too, so a
    // guesser who has the password cannot reset the count by entering it again.
    const challenge = randomBytes(32).toString("base64url");
    await db.signInChallenge.create({
      data: { tokenHash: hashChallenge(challenge), userId: user.id, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS) },
    });
    return { kind: "two_factor", challenge, invalid: false };
  }
  const outcome = await signedIn(user, "password", context);
  if (outcome.kind === "signed_in")
    await attempt.succeeded().catch((error: unknown) => logger.warn({ err: error }, "could not clear sign-in failures"));
  return outcome;
}

/** The second step: the challenge from the first and a TOTP or recovery code. Throttled as passwords are. */
export async function signInWithCode(challenge: string, code: string, context: SignInContext): Promise<SignInOutcome> {
  const pending = await db.signInChallenge.findUnique({
    where: { tokenHash: hashChallenge(challenge) },
    select: { id: true, expiresAt: true, usedAt: true, attempts: true, user: { select: SIGN_IN_SELECT } },
  });
  if (!pending || pending.usedAt || pending.expiresAt.getTime() <= Date.now() || pending.attempts >= CHALLENGE_MAX_ATTEMPTS) {
    return { kind: "challenge_expired" };
  }
  const { user } = pending;
  const attempt = await signInThrottle().begin(user.email, context.sourceIp);
  // Spent only by a right code, and only once: a second use of the same challenge finds usedAt set.
  const method = user.disabledAt ? null : await spendSecondFactorCode(db, user, code);
  if (!method) {
    await db.signInChallenge.update({ where: { id: pending.id }, data: { attempts: { increment: 1 } } });
    await recordSignInFailure(user, context.sourceIp, user.disabledAt ? "user_disabled" : "wrong_code");
    return pending.attempts + 1 >= CHALLENGE_MAX_ATTEMPTS
      ? { kind: "challenge_expired" }
      : { kind: "two_factor", challenge, invalid: true };
  }
  const { count } = await db.signInChallenge.updateMany({ where: { id: pending.id, usedAt: null }, data: { usedAt: new Date() } });
  if (count !== 1) return { kind: "challenge_expired" };
  const outcome = await signedIn(user, method, context);
  if (outcome.kind === "signed_in")
    await attempt.succeeded().catch((error: unknown) => logger.warn({ err: error }, "could not clear sign-in failures"));
  return outcome;
}
