import { apiRoute } from "~/server/rest/api-route";
import { listNetworks } from "~/server/services/catalog/list-networks";

export const GET = apiRoute({}, async ({ actor }) => ({ body: { data: await listNetworks(actor) } }));
