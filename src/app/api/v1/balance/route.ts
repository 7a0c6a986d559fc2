import { apiRoute } from "~/server/rest/api-route";
import { getBalance } from "~/server/services/wallet/get-balance";

export const GET = apiRoute({}, async ({ actor }) => ({ body: await getBalance(actor, actor.accountId) }));
