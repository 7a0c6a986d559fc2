/**
 * Checks a second-factor code a user typed: a TOTP code of their confirmed secret, or one of their
 * unused recovery codes. Either is spent by the same statement that accepts it (the TOTP step moves
 * forward only if it is later than the last one; a recovery code is marked used only if it was not),
 * so two requests racing with one code cannot both pass.
 */
import { Prisma } from "~/generated/prisma/client";
import type { DbClient } from "~/server/db";
import { hashRecoveryCode, normalizeRecoveryCode } from "~/server/auth/recovery-codes";
import { matchingTotpStep } from "~/server/auth/totp";

export type SecondFactor = "totp" | "recovery_code";

export async function spendSecondFactorCode(
  client: DbClient,
  user: { id: string; totpSecret: string | null },
  code: string,
): Promise<SecondFactor | null> {
  if (!user.totpSecret) return null;
  const recovery = normalizeRecoveryCode(code);
  if (recovery) {
    const { count } = await client.recoveryCode.updateMany({
      where: { userId: user.id, codeHash: hashRecoveryCode(recovery), usedAt: null },
      data: { usedAt: new Date() },
    });
    return count === 1 ? "recovery_code" : null;
  }
  const step = matchingTotpStep(user.totpSecret, code);
  if (step === null) return null;
  const accepted = await client.$executeRaw(Prisma.sql`
    UPDATE users SET totp_last_step = ${step}
     WHERE id = ${user.id}::uuid AND totp_secret = ${user.totpSecret} AND (totp_last_step IS NULL OR totp_last_step < ${step})`);
  return accepted === 1 ? "totp" : null;
}
