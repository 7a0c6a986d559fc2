import { getBalanceOperation } from "~/server/openapi/account/get-balance";
import { apiRoute } from "~/server/rest/api-route";

/** The wallet is read with the key itself (authenticateApiKey), in the same statement: one round trip. */
export const GET = apiRoute(getBalanceOperation.request, async ({ auth }) => ({
  body: { balance: auth.wallet.balance, currency: auth.wallet.currency },
}));
