/** Operators create and edit networks (issue 16). Deactivating one takes its airtime and plans off sale. */
import { AppError } from "~/server/errors";
import { networkInput, networkPatch } from "~/schemas/catalog-admin";
import { catalogWriter } from "./catalog-change";

const NETWORK_FIELDS = {
  id: true,
  name: true,
  airtimeMinAmount: true,
  airtimeMaxAmount: true,
  airtimeCommissionBps: true,
  airtimeUpstreamService: true,
  sortOrder: true,
  active: true,
} as const;

const networks = catalogWriter({
  what: "network",
  audit: "network",
  schema: networkInput,
  patch: networkPatch,
  find: (client, id) => client.network.findUnique({ where: { id }, select: NETWORK_FIELDS }),
  notFound: (id) => new AppError("network.not_found", `No network with id '${id}'.`),
  insert: (client, row) => client.network.create({ data: row, select: NETWORK_FIELDS }),
  update: (client, id, row) => client.network.update({ where: { id }, data: row, select: NETWORK_FIELDS }),
});

export const createNetwork = networks.create;
export const updateNetwork = networks.update;
export const findNetworkOrThrow = networks.findOrThrow;
