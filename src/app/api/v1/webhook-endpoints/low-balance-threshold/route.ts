import { getLowBalanceThresholdOperation } from "~/server/api/webhooks/get-low-balance-threshold";
import { setLowBalanceThresholdOperation } from "~/server/api/webhooks/set-low-balance-threshold";
import { apiRoute } from "~/server/rest/api-route";
import { getLowBalanceThreshold, setLowBalanceThreshold } from "~/server/services/webhooks/low-balance-threshold";

export const GET = apiRoute(getLowBalanceThresholdOperation.request, async ({ actor }) => ({
  body: await getLowBalanceThreshold(actor, actor.accountId),
}));

export const PUT = apiRoute(setLowBalanceThresholdOperation.request, async ({ actor, body }) => ({
  body: await setLowBalanceThreshold(actor, actor.accountId, body),
}));
