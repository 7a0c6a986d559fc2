import { getTransactionOperation } from "~/server/api/transactions/get-transaction";
import { apiRoute } from "~/server/rest/api-route";
import { getTransaction } from "~/server/services/transactions/get-transaction";

export const GET = apiRoute(getTransactionOperation.request, async ({ actor, params }) => ({
  body: await getTransaction(actor, actor.accountId, params.clientReference),
}));
