/** A new set of recovery codes (the old ones stop working), after a fresh code; audited. */
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { freshCodeInput, type FreshCodeInput } from "~/schemas/security";
import { proveItIsYou } from "./prove-it-is-you";
import { replaceRecoveryCodes } from "./replace-recovery-codes";

export async function regenerateRecoveryCodes(actor: UserActor, input: FreshCodeInput): Promise<{ recoveryCodes: string[] }> {
  const { code } = parseInput(freshCodeInput, input);
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpEnabledAt: true } });
    if (!user.totpEnabledAt) throw new AppError("two_factor.state", "Two-factor sign-in is not on.");
    await proveItIsYou(tx, actor, { code });
    const recoveryCodes = await replaceRecoveryCodes(tx, actor.userId);
    await recordAuditEntry(tx, actor, {
      action: "user.recovery_codes_regenerate",
      accountId: actor.accountId,
      targetType: "user",
      targetId: actor.userId,
    });
    return { recoveryCodes };
  });
}
