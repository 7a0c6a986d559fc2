import { listFundingsOperation } from "~/server/api/funding/list-fundings";
import { apiRoute } from "~/server/rest/api-route";
import { listFundings } from "~/server/services/funding/list-fundings";

export const GET = apiRoute(listFundingsOperation.request, async ({ actor, query }) => ({
  body: await listFundings(actor, actor.accountId, query),
}));
