import { listTransactionsOperation } from "~/server/api/transactions/list-transactions";
import { apiRoute } from "~/server/rest/api-route";
import { listTransactions } from "~/server/services/transactions/list-transactions";

export const GET = apiRoute(listTransactionsOperation.request, async ({ actor, query }) => ({
  body: await listTransactions(actor, actor.accountId, query),
}));
