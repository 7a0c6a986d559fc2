import { getBatchOperation } from "~/server/api/batches/get-batch";
import { apiRoute } from "~/server/rest/api-route";
import { getBatch } from "~/server/services/batches/get-batch";

export const GET = apiRoute(getBatchOperation.request, async ({ actor, params }) => ({
  body: await getBatch(actor, actor.accountId, params.batchReference),
}));
