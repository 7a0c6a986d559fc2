/**
 * Saved recipients: phone numbers an account's owner or staff named, picked again on the Buy forms
 * (src/server/services/recipients). The phone is read as purchases read it, so a number saved as
 * "0803 123 4567" is the one bought for as 08031234567.
 */
import { z } from "zod";
import { phone } from "./purchases";

export const RECIPIENT_NAME_MAX = 60;

export const saveRecipientInput = z.object({
  phone,
  name: z.string("is required").trim().min(1, "is required").max(RECIPIENT_NAME_MAX, `must be at most ${RECIPIENT_NAME_MAX} characters`),
});
export type SaveRecipientInput = z.input<typeof saveRecipientInput>;

export const removeRecipientInput = z.object({ phone });
export type RemoveRecipientInput = z.input<typeof removeRecipientInput>;
