/** Names a phone number in the account's saved recipients; saving a saved number again renames it. */
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { parseInput } from "~/server/validation/parse-input";
import { saveRecipientInput, type SaveRecipientInput } from "~/schemas/recipients";
import { recipientsAccountId } from "./recipients-account";

export async function saveRecipient(actor: Actor, input: SaveRecipientInput): Promise<{ phone: string; name: string }> {
  const { accountId } = recipientsAccountId(actor);
  const { phone, name } = parseInput(saveRecipientInput, input);
  // One statement: two people saving the same number at once leave one row, with one of their names.
  return db.savedRecipient.upsert({
    where: { accountId_phone: { accountId, phone } },
    create: { accountId, phone, name },
    update: { name, updatedAt: new Date() },
    select: { phone: true, name: true },
  });
}
