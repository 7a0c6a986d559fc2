import { listNetworksOperation } from "~/server/api/catalog/list-networks";
import { apiRoute } from "~/server/rest/api-route";
import { listNetworks } from "~/server/services/catalog/list-networks";

export const GET = apiRoute(listNetworksOperation.request, async ({ actor }) => ({ body: { data: await listNetworks(actor) } }));
