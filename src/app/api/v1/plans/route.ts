import { listPlansQuery } from "~/schemas/rest";
import { apiRoute } from "~/server/rest/api-route";
import { listPlans } from "~/server/services/catalog/list-plans";

export const GET = apiRoute({ query: listPlansQuery }, async ({ actor, query }) => ({
  body: { data: await listPlans(actor, actor.accountId, query) },
}));
