import { listBatchTransactionsOperation } from "~/server/api/batches/list-batch-transactions";
import { apiRoute } from "~/server/rest/api-route";
import { listBatchTransactions } from "~/server/services/batches/list-batch-transactions";

export const GET = apiRoute(listBatchTransactionsOperation.request, async ({ actor, params, query }) => ({
  body: await listBatchTransactions(actor, actor.accountId, params.batchReference, query),
}));
