/**
 * What a signed-in person must show before changing how they sign in: their current password, or a
 * fresh second-factor code. Counted by the sign-in throttle exactly as sign-in attempts are (per e-mail
 * and per address), so a stolen session cookie is no faster a way to guess a password or a code than
 * the sign-in form. A wrong answer is audited as a failed sign-in would be.
 */
import type { UserActor } from "~/server/auth/session";
import { verifyPassword } from "~/server/auth/password";
import { signInThrottle, SignInThrottledError } from "~/server/auth/sign-in-throttle";
import { spendSecondFactorCode, type SecondFactor } from "~/server/auth/two-factor-code";
import { db, type DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";

export async function proveItIsYou(
  client: DbClient,
  actor: UserActor,
  proof: { password: string } | { code: string },
): Promise<{ secondFactor: SecondFactor | null }> {
  let attempt;
  try {
    attempt = await signInThrottle().begin(actor.email, actor.sourceIp);
  } catch (error) {
    if (error instanceof SignInThrottledError) {
      throw new AppError("rate_limit.exceeded", `Too many attempts; try again in ${Math.ceil(error.retryAfterSeconds / 60)} minutes.`);
    }
    throw error;
  }
  const user = await client.user.findUniqueOrThrow({
    where: { id: actor.userId },
    select: { id: true, passwordHash: true, totpSecret: true },
  });
  const secondFactor = "code" in proof ? await spendSecondFactorCode(client, user, proof.code) : null;
  const right = "password" in proof ? await verifyPassword(proof.password, user.passwordHash) : secondFactor !== null;
  if (!right) {
    // Outside the caller's transaction, which the refusal rolls back.
    await recordAuditEntry(db, actor, {
      action: "auth.reauthentication_failed",
      accountId: actor.accountId,
      targetType: "user",
      targetId: actor.userId,
      details: { reason: "password" in proof ? "wrong_password" : "wrong_code" },
    });
    throw "password" in proof
      ? new AppError("auth.wrong_password", "That is not your current password.", [
          { name: "currentPassword", reason: "is not your current password" },
        ])
      : new AppError("auth.wrong_code", "That code is not right, or was used already.", [
          { name: "code", reason: "is not right, or was used already" },
        ]);
  }
  await attempt.succeeded().catch(() => {});
  return { secondFactor };
}
