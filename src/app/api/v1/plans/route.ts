import { listPlansQuery } from "~/schemas/rest";
import { apiRoute } from "~/server/rest/api-route";
import { plansResponse } from "~/server/rest/plans-response";

export const GET = apiRoute({ query: listPlansQuery }, ({ actor, auth, query }) => plansResponse(actor, actor.accountId, auth.catalogVersion, query));
