/**
 * Step two: a code from the authenticator app proves the pending secret was copied, and the current
 * password proves the person (a stolen session cookie must not be able to tie the account to another
 * phone). Then two-factor sign-in is on, ten recovery codes are made (returned this once, stored
 * hashed), every other session ends, and it is audited.
 */
import type { UserActor } from "~/server/auth/session";
import { matchingTotpStep } from "~/server/auth/totp";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { endUserSessions } from "~/server/services/sessions/end-user-sessions";
import { parseInput } from "~/server/validation/parse-input";
import { confirmTwoFactorInput, type ConfirmTwoFactorInput } from "~/schemas/security";
import { proveItIsYou } from "./prove-it-is-you";
import { replaceRecoveryCodes } from "./replace-recovery-codes";

export async function confirmTwoFactorEnrolment(actor: UserActor, input: ConfirmTwoFactorInput): Promise<{ recoveryCodes: string[] }> {
  const { code, password } = parseInput(confirmTwoFactorInput, input);
  await proveItIsYou(db, actor, { password });
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpPendingSecret: true, totpEnabledAt: true } });
    if (user.totpEnabledAt || !user.totpPendingSecret) {
      throw new AppError(
        "two_factor.state",
        user.totpEnabledAt ? "Two-factor sign-in is already on." : "Start the set-up again: no new secret is waiting.",
      );
    }
    const step = matchingTotpStep(user.totpPendingSecret, code);
    if (step === null) {
      throw new AppError("auth.wrong_code", "That code does not match: check the app shows this account, and its clock.", [
        { name: "code", reason: "does not match the new secret" },
      ]);
    }
    await tx.user.update({
      where: { id: actor.userId },
      data: { totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step },
    });
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.userId);
    const otherSessionsEnded = await endUserSessions(tx, actor.userId, "two_factor_changed", { keepSessionId: actor.sessionId });
    await recordAuditEntry(tx, actor, {
      action: "user.two_factor_enable",
      accountId: actor.accountId,
      targetType: "user",
      targetId: actor.userId,
      details: { otherSessionsEnded },
    });
    return { recoveryCodes };
  });
}
