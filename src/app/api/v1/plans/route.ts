import { listPlansOperation } from "~/server/api/catalog/list-plans";
import { apiRoute } from "~/server/rest/api-route";
import { plansResponse } from "~/server/rest/plans-response";

export const GET = apiRoute(listPlansOperation.request, ({ actor, auth, query }) =>
  plansResponse(actor, actor.accountId, auth.catalogVersion, query),
);
