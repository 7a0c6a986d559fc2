/**
 * The account owner's API keys. The whole key is returned by `create` once and is never readable
 * again: `list` shows names, dates and status only.
 */
import { newApiKeyForm } from "~/schemas/account-admin";
import { revokeApiKeyInput } from "~/schemas/operator";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { listApiKeys } from "~/server/services/api-keys/list-api-keys";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountOwnerProcedure } from "~/server/trpc/own-account-procedures";

export const apiKeysRouter = createTRPCRouter({
  list: accountOwnerProcedure.query(({ ctx }) => listApiKeys(ctx.actor, { accountId: ctx.accountId })),

  create: accountOwnerProcedure.input(newApiKeyForm).mutation(async ({ ctx, input }) => {
    const { keyId, apiKey } = await createApiKey(ctx.actor, { accountId: ctx.accountId, name: input.name, mode: input.mode });
    return { keyId, apiKey, livemode: input.mode === "live" };
  }),

  revoke: accountOwnerProcedure.input(revokeApiKeyInput).mutation(({ ctx, input }) => revokeApiKey(ctx.actor, { keyId: input.keyId })),
});
