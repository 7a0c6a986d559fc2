import { listTransactionsQuery } from "~/schemas/purchases";
import { apiRoute } from "~/server/rest/api-route";
import { listTransactions } from "~/server/services/transactions/list-transactions";

export const GET = apiRoute({ query: listTransactionsQuery }, async ({ actor, query }) => ({
  body: await listTransactions(actor, actor.accountId, query),
}));
