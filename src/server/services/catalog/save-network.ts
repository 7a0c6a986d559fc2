/** Operators create and edit networks (issue 16). Deactivating one takes its airtime and plans off sale. */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { networkInput, networkPatch, type NetworkInput, type NetworkPatch } from "~/schemas/catalog-admin";
import { auditCatalogChange, createOrIdTaken, mergeEdit } from "./catalog-change";

const NETWORK_FIELDS = {
  id: true,
  name: true,
  airtimeMinAmount: true,
  airtimeMaxAmount: true,
  airtimeCommissionBps: true,
  sortOrder: true,
  active: true,
} as const;

export async function createNetwork(actor: Actor, input: NetworkInput, tx?: DbClient) {
  assertOperator(actor);
  const network = parseInput(networkInput, input);
  return inTransaction(tx, async (client) => {
    const created = await createOrIdTaken("network", network.id, () => client.network.create({ data: network, select: NETWORK_FIELDS }));
    await auditCatalogChange(client, actor, { action: "network.created", targetId: created.id, before: null, after: created });
    return created;
  });
}

export async function updateNetwork(actor: Actor, input: NetworkPatch, tx?: DbClient) {
  assertOperator(actor);
  const patch = parseInput(networkPatch, input);
  return inTransaction(tx, async (client) => {
    const stored = await findNetworkOrThrow(client, patch.id);
    const network = mergeEdit(networkInput, stored, patch);
    const updated = await client.network.update({ where: { id: stored.id }, data: network, select: NETWORK_FIELDS });
    await auditCatalogChange(client, actor, { action: "network.updated", targetId: updated.id, before: stored, after: updated });
    return updated;
  });
}

export async function findNetworkOrThrow(client: DbClient, id: string) {
  const network = await client.network.findUnique({ where: { id }, select: NETWORK_FIELDS });
  if (!network) throw new AppError("network.not_found", `No network with id '${id}'.`);
  return network;
}
