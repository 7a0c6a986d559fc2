/** The account's saved recipients and recent numbers, for the Buy forms (owner and staff). */
import { listRecipients } from "~/server/services/recipients/list-recipients";
import { removeRecipient } from "~/server/services/recipients/remove-recipient";
import { saveRecipient } from "~/server/services/recipients/save-recipient";
import { accountMemberProcedure } from "~/server/trpc/own-account-procedures";
import { createTRPCRouter } from "~/server/trpc/init";
import { removeRecipientInput, saveRecipientInput } from "~/schemas/recipients";

export const recipientsRouter = createTRPCRouter({
  list: accountMemberProcedure.query(({ ctx }) => listRecipients(ctx.actor)),
  save: accountMemberProcedure.input(saveRecipientInput).mutation(({ ctx, input }) => saveRecipient(ctx.actor, input)),
  remove: accountMemberProcedure.input(removeRecipientInput).mutation(({ ctx, input }) => removeRecipient(ctx.actor, input)),
});
