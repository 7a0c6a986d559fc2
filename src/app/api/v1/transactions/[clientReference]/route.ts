import { z } from "zod";
import { apiRoute } from "~/server/rest/api-route";
import { getTransaction } from "~/server/services/transactions/get-transaction";

const params = z.object({ clientReference: z.string() });

export const GET = apiRoute({ params }, async ({ actor, params }) => ({
  body: await getTransaction(actor, actor.accountId, params.clientReference),
}));
