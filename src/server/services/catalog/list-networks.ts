import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";

export interface NetworkView {
  id: string;
  name: string;
  airtimeMinAmount: bigint;
  airtimeMaxAmount: bigint;
}

/**
 * The networks on sale; the same for every account (airtime is charged at its face value). The actor is
 * taken for symmetry and future per-account catalogs.
 */
export async function listNetworks(_actor: Actor): Promise<NetworkView[]> {
  return db.network.findMany({
    where: { active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true, name: true, airtimeMinAmount: true, airtimeMaxAmount: true },
  });
}
