import { getBalanceOperation } from "~/server/api/account/get-balance";
import { actorLivemode } from "~/server/auth/actor";
import { apiRoute } from "~/server/rest/api-route";

/** The wallet is read with the key itself (authenticateApiKey), in the same statement: one round trip. */
export const GET = apiRoute(getBalanceOperation.request, async ({ auth, actor }) => ({
  body: { balance: auth.wallet.balance, currency: auth.wallet.currency, livemode: actorLivemode(actor) },
}));
