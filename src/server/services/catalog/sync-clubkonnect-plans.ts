/**
 * `npm run admin -- catalog:sync --provider clubkonnect [--dry-run]` (issue 34): the data plans we route to
 * Clubkonnect brought up to date with their plan listing (GET APIDatabundlePlansV2.asp, answered
 * `{"MOBILE_NETWORK": {"MTN": [{"ID": "01", "PRODUCT": [{"PRODUCT_ID", "PRODUCT_NAME", "PRODUCT_AMOUNT"}]}]}}`).
 *
 * Clubkonnect's names live on routes, not on our plans (those carry VTpass's), so the sync works on routes
 * (docs/operating.md "Routes and failover"):
 *
 * - A listed plan is matched to our data plan routed to Clubkonnect under (upstreamService, upstreamCode) =
 *   (the network's ID, PRODUCT_ID). Matched: only the route's `costPrice` follows PRODUCT_AMOUNT (naira,
 *   exactly to kobo); a route priced by commission is left alone.
 * - New: a data plan created **inactive** under `clubkonnect-<ID>-<PRODUCT_ID>` with VTpass's placeholders
 *   (sync-catalog.ts PLACEHOLDERS), priced at its cost, with one route: Clubkonnect. Its network is the one
 *   whose airtime or data is already routed to that Clubkonnect network ID; a network ID none of ours is
 *   routed to is skipped, since nothing says which of our networks it is.
 * - Gone: a route to a plan Clubkonnect no longer lists is switched off (the plan may sell on its other
 *   routes), never deleted.
 * - All in one database transaction, audited (the catalog services, `route.cost`, `route.disable`); a fault
 *   reading Clubkonnect, or an answer that is not the documented listing, changes nothing. `dryRun` makes
 *   the same writes in a savepoint that is rolled back.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { parseEnv } from "~/env";
import { ClubkonnectClient, type ClubkonnectAnswer } from "~/server/providers/clubkonnect/clubkonnect-client";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { invalidInput } from "~/server/validation/parse-input";
import { rolledBack } from "./import-catalog";
import { createPlan } from "./save-plan";
import { nairaToKobo, PLACEHOLDERS, syncedId } from "./sync-catalog";

/** What reads Clubkonnect's plan listing: ClubkonnectClient.read (credentials in the query, retried on faults). */
export interface ClubkonnectCatalogSource {
  read(path: string, params?: Record<string, string>): Promise<ClubkonnectAnswer>;
}

export const CLUBKONNECT_PLANS_PATH = "APIDatabundlePlansV2.asp";

export function clubkonnectCatalogSourceFromEnv(config = parseEnv(process.env)): ClubkonnectCatalogSource {
  const { CLUBKONNECT_USER_ID: userId, CLUBKONNECT_API_KEY: apiKey } = config;
  if (!userId || !apiKey) {
    throw invalidInput([{ name: "provider", reason: "clubkonnect needs CLUBKONNECT_USER_ID and CLUBKONNECT_API_KEY in the environment" }]);
  }
  return new ClubkonnectClient({
    baseUrl: config.CLUBKONNECT_BASE_URL,
    userId,
    apiKey,
    vendTimeoutMs: config.CLUBKONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.CLUBKONNECT_QUERY_TIMEOUT_MS,
    retries: config.CLUBKONNECT_RETRIES,
    retryDelayMs: config.CLUBKONNECT_RETRY_DELAY_MS,
  });
}

interface ListedPlan {
  /** Their network's ID ("01"), our routes' upstreamService. */
  network: string;
  /** PRODUCT_ID ("1000.0"), our routes' upstreamCode. */
  code: string;
  name: string;
  cost: bigint;
}

export interface ClubkonnectSyncSummary {
  dryRun: boolean;
  provider: "clubkonnect";
  /** New data plans, inactive, each routed to Clubkonnect. */
  created: { plans: string[] };
  /** Plans whose Clubkonnect route's costPrice changed. */
  updated: { plans: string[] };
  /** Plans whose Clubkonnect route was switched off: the plan is no longer listed. */
  routesDisabled: { plans: string[] };
  /** Plans whose Clubkonnect route has the listed cost (or is priced by commission). */
  unchanged: { plans: string[] };
  /** Listed plans not synced, with why. */
  skipped: { network: string; code: string; reason: string }[];
  note: string;
}

const NOTE =
  "New plans are created inactive with placeholders (class UNSET, validityDays 1, price = cost) and a Clubkonnect route: set the structured fields and a price, then activate them. Only the costPrice of existing Clubkonnect routes is changed.";

const SYNC_TIMEOUT_MS = 120_000;

function unexpected(detail: string): AppError {
  return new AppError("provider.unavailable", `Clubkonnect's plan listing could not be read: ${detail}. Nothing was changed.`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value).trim() : "");

/** The listing, every plan of every network; anything not shaped as documented throws. */
async function listPlans(source: ClubkonnectCatalogSource): Promise<ListedPlan[]> {
  const { body } = await source.read(CLUBKONNECT_PLANS_PATH);
  if (!isRecord(body.MOBILE_NETWORK)) throw unexpected(`it answered ${JSON.stringify(body.status ?? null)} without MOBILE_NETWORK`);
  const plans: ListedPlan[] = [];
  for (const [networkName, entries] of Object.entries(body.MOBILE_NETWORK)) {
    if (!Array.isArray(entries)) throw unexpected(`${networkName} is not a list`);
    for (const entry of entries) {
      if (!isRecord(entry) || !textOf(entry.ID) || !Array.isArray(entry.PRODUCT))
        throw unexpected(`${networkName} has no ID or PRODUCT list`);
      for (const product of entry.PRODUCT) {
        const code = isRecord(product) ? textOf(product.PRODUCT_ID) : "";
        if (!isRecord(product) || !code) throw unexpected(`a plan of ${networkName} has no PRODUCT_ID`);
        const cost = nairaToKobo(textOf(product.PRODUCT_AMOUNT));
        if (cost === null) throw unexpected(`${networkName} ${code} has PRODUCT_AMOUNT ${JSON.stringify(product.PRODUCT_AMOUNT)}`);
        plans.push({ network: textOf(entry.ID), code, name: textOf(product.PRODUCT_NAME) || code, cost });
      }
    }
  }
  if (plans.length === 0) throw unexpected("it listed no plans at all");
  return plans;
}

/** Reads Clubkonnect's plan listing (no database), then writes it in one transaction. */
export async function syncClubkonnectPlans(
  actor: Actor,
  source: ClubkonnectCatalogSource,
  options: { dryRun?: boolean } = {},
): Promise<ClubkonnectSyncSummary> {
  assertOperator(actor);
  const dryRun = options.dryRun === true;
  const listed = await listPlans(source);
  const run = (client: DbClient) => applySync(actor, client, listed, dryRun);
  return db.$transaction((client) => (dryRun ? rolledBack(client, run) : run(client)), { maxWait: 30_000, timeout: SYNC_TIMEOUT_MS });
}

async function applySync(actor: Actor, client: DbClient, listed: ListedPlan[], dryRun: boolean): Promise<ClubkonnectSyncSummary> {
  const summary: ClubkonnectSyncSummary = {
    dryRun,
    provider: "clubkonnect",
    created: { plans: [] },
    updated: { plans: [] },
    routesDisabled: { plans: [] },
    unchanged: { plans: [] },
    skipped: [],
    note: NOTE,
  };
  const routes = await client.productRoute.findMany({
    where: { provider: "clubkonnect", service: { in: ["AIRTIME", "DATA"] } },
    select: { id: true, service: true, productCode: true, upstreamService: true, upstreamCode: true, costPrice: true, enabled: true },
  });
  const dataRoutes = routes.filter((route) => route.service === "DATA");
  const planNetworks = new Map(
    (
      await client.dataPlan.findMany({
        where: { id: { in: dataRoutes.map((route) => route.productCode) } },
        select: { id: true, networkId: true },
      })
    ).map((plan) => [plan.id, plan.networkId]),
  );
  // Which of our networks a Clubkonnect network ID is: the one whose airtime or data is routed to it.
  const networkOf = new Map<string, string>();
  for (const route of routes) {
    const networkId = route.service === "AIRTIME" ? route.productCode : planNetworks.get(route.productCode);
    if (route.upstreamService && networkId && !networkOf.has(route.upstreamService)) networkOf.set(route.upstreamService, networkId);
  }
  const key = (network: string | null, code: string | null) => `${network}\u0000${code}`;
  const routeByPlan = new Map(dataRoutes.map((route) => [key(route.upstreamService, route.upstreamCode), route]));
  const takenIds = new Set((await client.dataPlan.findMany({ select: { id: true } })).map((plan) => plan.id));
  const seen = new Set<string>();

  for (const plan of listed) {
    const match = key(plan.network, plan.code);
    seen.add(match);
    const route = routeByPlan.get(match);
    if (route) {
      if (route.costPrice === null || route.costPrice === plan.cost) {
        summary.unchanged.plans.push(route.productCode);
        continue;
      }
      summary.updated.plans.push(route.productCode);
      await client.productRoute.update({ where: { id: route.id }, data: { costPrice: plan.cost, updatedAt: new Date() } });
      await recordAuditEntry(client, actor, {
        action: "route.cost",
        targetType: "product",
        targetId: `DATA:${route.productCode}`,
        details: { provider: "clubkonnect", before: { costPrice: route.costPrice.toString() }, after: { costPrice: plan.cost.toString() } },
      });
      continue;
    }
    const networkId = networkOf.get(plan.network);
    if (networkId === undefined) {
      summary.skipped.push({
        network: plan.network,
        code: plan.code,
        reason: `no network of ours is routed to Clubkonnect network ${plan.network}`,
      });
      continue;
    }
    const id = syncedId(`clubkonnect-${plan.network}`, plan.code);
    if (takenIds.has(id)) {
      summary.skipped.push({ network: plan.network, code: plan.code, reason: `id '${id}' is taken by another plan` });
      continue;
    }
    if (plan.cost === 0n) {
      summary.skipped.push({ network: plan.network, code: plan.code, reason: "PRODUCT_AMOUNT 0: no placeholder price" });
      continue;
    }
    takenIds.add(id);
    summary.created.plans.push(id);
    await createPlan(
      actor,
      {
        id,
        networkId,
        name: plan.name.slice(0, 200),
        price: plan.cost,
        costPrice: plan.cost,
        productId: id,
        active: false,
        pricingBasis: PLACEHOLDERS.pricingBasis,
        validityDays: PLACEHOLDERS.validityDays,
        class: PLACEHOLDERS.class,
      },
      client,
    );
    await client.productRoute.create({
      data: {
        service: "DATA",
        productCode: id,
        position: 1,
        provider: "clubkonnect",
        upstreamService: plan.network,
        upstreamCode: plan.code,
        costPrice: plan.cost,
      },
    });
    await recordAuditEntry(client, actor, {
      action: "routes.set",
      targetType: "product",
      targetId: `DATA:${id}`,
      details: {
        routes: [{ provider: "clubkonnect", upstreamService: plan.network, upstreamCode: plan.code, costPrice: plan.cost.toString() }],
      },
    });
  }

  for (const [match, route] of routeByPlan) {
    if (seen.has(match) || !route.enabled) continue;
    summary.routesDisabled.plans.push(route.productCode);
    await client.productRoute.update({ where: { id: route.id }, data: { enabled: false, updatedAt: new Date() } });
    await recordAuditEntry(client, actor, {
      action: "route.disable",
      targetType: "product",
      targetId: `DATA:${route.productCode}`,
      details: { provider: "clubkonnect", reason: "no longer in Clubkonnect's plan listing" },
    });
  }
  return summary;
}
