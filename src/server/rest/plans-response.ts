/**
 * GET /api/v1/plans, served from a per-process copy of the serialised answer while the catalog has
 * not changed. The catalog version is read with the API key on every request (authenticateApiKey), and
 * every change to what the plans show bumps it in the same transaction (prisma/sql/catalog/bump_catalog_version.sql), so
 * a price change is visible to the very next request, as without the copy. What the copy saves is the
 * catalog query (joins and a sort in PostgreSQL) and turning a few dozen plans into JSON, per request.
 */
import type { Actor } from "~/server/auth/actor";
import { listPlans } from "~/server/services/catalog/list-plans";
import { toJsonText } from "./json";

interface CachedPlans {
  version: bigint;
  text: string;
}

/** One entry per account and network filter; cleared when full, so it cannot grow without bound. */
const cachedPlans = new Map<string, CachedPlans>();
const MAX_CACHED_ANSWERS = 2_000;

export async function plansResponse(
  actor: Actor,
  accountId: string,
  catalogVersion: bigint,
  filter: { networkId?: string },
): Promise<Response> {
  const key = `${accountId}/${filter.networkId ?? ""}`;
  let cached = cachedPlans.get(key);
  if (cached?.version !== catalogVersion) {
    // Not found in the catalog throws here (network.not_found) and caches nothing.
    const text = toJsonText({ data: await listPlans(actor, accountId, filter) });
    const fresher = cachedPlans.get(key);
    // A slower request that read an older version must not replace a newer copy.
    if (!fresher || fresher.version < catalogVersion) {
      if (cachedPlans.size >= MAX_CACHED_ANSWERS) cachedPlans.clear();
      cachedPlans.set(key, { version: catalogVersion, text });
    }
    cached = { version: catalogVersion, text };
  }
  return new Response(cached.text, { status: 200, headers: { "content-type": "application/json" } });
}
