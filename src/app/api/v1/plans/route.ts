import { z } from "zod";
import { apiRoute } from "~/server/rest/api-route";
import { listPlans } from "~/server/services/catalog/list-plans";

const query = z.object({ networkId: z.string().min(1).max(64).optional() });

export const GET = apiRoute({ query }, async ({ actor, query }) => ({
  body: { data: await listPlans(actor, actor.accountId, query) },
}));
