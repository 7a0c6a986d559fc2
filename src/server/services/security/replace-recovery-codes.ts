/** A new set of recovery codes for a user, in the caller's transaction: the old set stops working. Returned in clear this once. */
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from "~/server/auth/recovery-codes";
import type { DbClient } from "~/server/db";

export async function replaceRecoveryCodes(client: DbClient, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await client.recoveryCode.deleteMany({ where: { userId } });
  await client.recoveryCode.createMany({
    data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(code)!) })),
  });
  return codes;
}
