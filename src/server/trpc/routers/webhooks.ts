/**
 * The account owner's webhooks page: endpoints (a new or rotated secret is returned once), their
 * recent deliveries with resends and a test event, and the wallet's low-balance threshold. Owners
 * only, like the API keys: operators are pointed to the console (own-account-procedures.ts), staff
 * are refused, and the services check the account again.
 */
import {
  createWebhookEndpointInput,
  lowBalanceThresholdInput,
  resendFailedWebhooksInput,
  updateWebhookEndpointInput,
  webhookDeliveryParams,
  webhookEndpointParams,
} from "~/schemas/webhooks";
import { getLowBalanceThreshold, setLowBalanceThreshold } from "~/server/services/webhooks/low-balance-threshold";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "~/server/services/webhooks/manage-webhook-endpoints";
import {
  listWebhookDeliveries,
  resendFailedWebhooks,
  resendWebhookDelivery,
  sendTestWebhook,
} from "~/server/services/webhooks/webhook-deliveries";
import { createTRPCRouter } from "~/server/trpc/init";
import { accountOwnerProcedure } from "~/server/trpc/own-account-procedures";

// The update schema's own "at least one field" rule is the service's to check (it parses again).
const updateInput = webhookEndpointParams.extend(updateWebhookEndpointInput.shape);
const resendFailedInput = webhookEndpointParams.extend(resendFailedWebhooksInput.shape);
/** The page lists an endpoint's latest deliveries, without paging further. */
const RECENT_DELIVERIES = 50;

export const webhooksRouter = createTRPCRouter({
  list: accountOwnerProcedure.query(({ ctx }) => listWebhookEndpoints(ctx.actor, ctx.accountId)),

  create: accountOwnerProcedure
    .input(createWebhookEndpointInput)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.actor, ctx.accountId, input)),

  update: accountOwnerProcedure
    .input(updateInput)
    .mutation(({ ctx, input: { endpointId, ...changes } }) => updateWebhookEndpoint(ctx.actor, endpointId, changes)),

  delete: accountOwnerProcedure
    .input(webhookEndpointParams)
    .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.actor, input.endpointId)),

  rotateSecret: accountOwnerProcedure
    .input(webhookEndpointParams)
    // The schema's default overlap (24 hours), which the page states before and after rotating.
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.actor, input.endpointId)),

  deliveries: accountOwnerProcedure
    .input(webhookEndpointParams)
    .query(async ({ ctx, input }) => (await listWebhookDeliveries(ctx.actor, input.endpointId, { limit: RECENT_DELIVERIES })).data),

  sendTest: accountOwnerProcedure.input(webhookEndpointParams).mutation(({ ctx, input }) => sendTestWebhook(ctx.actor, input.endpointId)),

  resendDelivery: accountOwnerProcedure
    .input(webhookDeliveryParams)
    .mutation(({ ctx, input }) => resendWebhookDelivery(ctx.actor, input.endpointId, input.deliveryId)),

  resendFailed: accountOwnerProcedure
    .input(resendFailedInput)
    .mutation(({ ctx, input }) => resendFailedWebhooks(ctx.actor, input.endpointId, { since: input.since })),

  lowBalanceThreshold: accountOwnerProcedure.query(({ ctx }) => getLowBalanceThreshold(ctx.actor, ctx.accountId)),

  setLowBalanceThreshold: accountOwnerProcedure
    .input(lowBalanceThresholdInput)
    .mutation(({ ctx, input }) => setLowBalanceThreshold(ctx.actor, ctx.accountId, input)),
});
