/** Takes a number off the account's saved recipients; one that is not there is already off (no error). */
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { parseInput } from "~/server/validation/parse-input";
import { removeRecipientInput, type RemoveRecipientInput } from "~/schemas/recipients";
import { recipientsAccountId } from "./recipients-account";

export async function removeRecipient(actor: Actor, input: RemoveRecipientInput): Promise<{ phone: string; removed: boolean }> {
  const { accountId } = recipientsAccountId(actor);
  const { phone } = parseInput(removeRecipientInput, input);
  const { count } = await db.savedRecipient.deleteMany({ where: { accountId, phone } });
  return { phone, removed: count > 0 };
}
