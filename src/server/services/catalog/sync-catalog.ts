/**
 * `npm run admin -- catalog:sync --provider vtpass [--dry-run]` (issue 17, item 3): our data plans and
 * fixed-price bill products brought up to date with VTpass's services and variations
 * (GET /api/services?identifier=..., GET /api/service-variations?serviceID=...).
 *
 * - A variation is matched to our row by (upstreamService, upstreamCode) = (serviceID, variation_code).
 * - Matched: only `costPrice` follows the upstream (`variation_amount`, naira, exactly to kobo). Our
 *   prices, names, structured fields and on-sale state are ours and never touched (a row sync
 *   deactivated is not put back on sale when its variation returns: the operator decides).
 * - New: created **inactive** under a stable id of ours, `<serviceID>-<variation_code>` lower-cased in
 *   our id format, with placeholders the operator must replace before putting it on sale (PLACEHOLDERS
 *   below): nothing is parsed out of the upstream's name, which is kept only as our row's name.
 * - Gone: a mapped data plan or fixed-price product whose variation VTpass no longer lists is
 *   deactivated, never deleted.
 * - Data services are those named `<network's airtimeUpstreamService>-data` (mtn-data for the network
 *   whose airtime is `mtn`); a data-category service of no network (smile-direct, spectranet) is
 *   broadband. Variable-amount variations (fixedPrice other than "Yes": electricity) are not synced.
 * - Everything goes through the audited services (createPlan, updatePlan, createBillProduct,
 *   updateBillProduct) in one database transaction; a fault reading VTpass, or an answer that is not
 *   what their documentation shows, changes nothing. `dryRun` makes the same writes in a savepoint
 *   that is rolled back.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { parseEnv } from "~/env";
import { VtpassClient, type VtpassAnswer } from "~/server/providers/vtpass/vtpass-client";
import { invalidInput } from "~/server/validation/parse-input";
import type { BILL_SERVICE_CODES } from "~/schemas/services";
import { UNSET_FIELD } from "~/schemas/catalog-admin";
import { rolledBack } from "./import-catalog";
import { createBillProduct, updateBillProduct } from "./save-bill-product";
import { createPlan, updatePlan } from "./save-plan";

type BillServiceCode = (typeof BILL_SERVICE_CODES)[number];

/** What reads VTpass's catalog: VtpassClient.get (public-key GETs, retried on faults). */
export interface VtpassCatalogSource {
  get(path: string, query?: Record<string, string>): Promise<VtpassAnswer>;
}

/**
 * The VTpass client the environment configures (docs/operating.md "The VTpass provider"); its GETs need the api
 * and public keys.
 */
export function vtpassCatalogSourceFromEnv(config = parseEnv(process.env)): VtpassCatalogSource {
  const { VTPASS_API_KEY: apiKey, VTPASS_PUBLIC_KEY: publicKey, VTPASS_SECRET_KEY: secretKey } = config;
  if (!apiKey || !publicKey) {
    throw invalidInput([{ name: "provider", reason: "vtpass needs VTPASS_API_KEY and VTPASS_PUBLIC_KEY in the environment" }]);
  }
  return new VtpassClient({
    baseUrl: config.VTPASS_BASE_URL,
    apiKey,
    publicKey,
    secretKey: secretKey ?? "",
    vendTimeoutMs: config.VTPASS_TIMEOUT_MS,
    queryTimeoutMs: config.VTPASS_QUERY_TIMEOUT_MS,
    retries: config.VTPASS_RETRIES,
    retryDelayMs: config.VTPASS_RETRY_DELAY_MS,
  });
}

/** VTpass's service categories (`identifier`) we sell, and what their services become here. */
const CATEGORIES: { identifier: string; service: BillServiceCode | "DATA" }[] = [
  { identifier: "data", service: "DATA" },
  { identifier: "tv-subscription", service: "CABLE_TV" },
  { identifier: "education", service: "EDUCATION" },
];

/**
 * A new row's fields that VTpass does not give, to be replaced by the operator before it goes on sale
 * (the row is created inactive). Chosen to be valid (the database requires a price above zero and
 * validity_days > 0) and visibly unset: class and biller say so.
 */
export const PLACEHOLDERS = {
  class: UNSET_FIELD,
  validityDays: 1,
  biller: UNSET_FIELD,
  pricingBasis: "SPECIAL",
} as const;

interface Variation {
  serviceID: string;
  code: string;
  name: string;
  cost: bigint;
}

export interface CatalogSyncSummary {
  dryRun: boolean;
  provider: "vtpass";
  /** New rows, inactive until an operator fills in the placeholders and a price and activates them. */
  created: { plans: string[]; billProducts: string[] };
  /** Rows whose costPrice changed. */
  updated: { plans: string[]; billProducts: string[] };
  /** Rows whose variation VTpass no longer lists. */
  deactivated: { plans: string[]; billProducts: string[] };
  /** Rows whose variation is listed at the cost we have. */
  unchanged: { plans: string[]; billProducts: string[] };
  /** Variations not synced, with why (variable amount, id taken by another row). */
  skipped: { serviceID: string; variationCode: string; reason: string }[];
  note: string;
}

const NOTE =
  "New rows are created inactive with placeholders (class/biller UNSET, validityDays 1, price = cost, productId = id): set the structured fields and a price, then activate them. Only costPrice of existing rows is changed.";

const SYNC_TIMEOUT_MS = 120_000;

/** "1850.00" naira as kobo, exactly; anything else is not what VTpass documents. */
export function nairaToKobo(amount: unknown): bigint | null {
  const text = typeof amount === "number" ? String(amount) : amount;
  if (typeof text !== "string") return null;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"));
}

/** Our id for a variation: `<serviceID>-<variation_code>`, lower-case, in our id format. */
export function syncedId(serviceID: string, code: string): string {
  const id = `${serviceID}-${code}`
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z0-9]+/, "");
  return id.slice(0, 64);
}

function unexpected(detail: string): AppError {
  return new AppError("provider.unavailable", `VTpass's catalog could not be read: ${detail}. Nothing was changed.`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The serviceIDs of one category. */
async function listServices(source: VtpassCatalogSource, identifier: string): Promise<string[]> {
  const { body } = await source.get("api/services", { identifier });
  if (body.response_description !== "000" || !Array.isArray(body.content)) {
    throw unexpected(`/api/services?identifier=${identifier} answered ${JSON.stringify(body.response_description ?? body.code ?? null)}`);
  }
  return body.content.map((entry) => (isRecord(entry) && typeof entry.serviceID === "string" ? entry.serviceID : "")).filter(Boolean);
}

/** One service's variations; their documentation spells the list `variations` and, on older pages, `varations`. */
async function listVariations(source: VtpassCatalogSource, serviceID: string, skipped: CatalogSyncSummary["skipped"]) {
  const { body } = await source.get("api/service-variations", { serviceID });
  const content = body.content;
  const list = isRecord(content) ? (content.variations ?? content.varations) : undefined;
  if (body.response_description !== "000" || !Array.isArray(list)) {
    throw unexpected(`/api/service-variations?serviceID=${serviceID} answered ${JSON.stringify(body.response_description ?? null)}`);
  }
  const variations: Variation[] = [];
  for (const entry of list) {
    if (!isRecord(entry) || typeof entry.variation_code !== "string" || entry.variation_code.trim() === "") {
      throw unexpected(`a variation of ${serviceID} has no variation_code`);
    }
    const code = entry.variation_code.trim();
    if (entry.fixedPrice !== "Yes") {
      skipped.push({ serviceID, variationCode: code, reason: "variable amount: not synced" });
      continue;
    }
    const cost = nairaToKobo(entry.variation_amount);
    if (cost === null) throw unexpected(`${serviceID} ${code} has variation_amount ${JSON.stringify(entry.variation_amount)}`);
    variations.push({ serviceID, code, name: typeof entry.name === "string" && entry.name.trim() ? entry.name.trim() : code, cost });
  }
  return variations;
}

/** Reads VTpass's catalog (no database), then writes it in one transaction. */
export async function syncCatalog(
  actor: Actor,
  source: VtpassCatalogSource,
  options: { dryRun?: boolean } = {},
): Promise<CatalogSyncSummary> {
  assertOperator(actor);
  const dryRun = options.dryRun === true;
  const skipped: CatalogSyncSummary["skipped"] = [];
  const upstream: { service: BillServiceCode | "DATA"; variations: Variation[] }[] = [];
  for (const category of CATEGORIES) {
    for (const serviceID of await listServices(source, category.identifier)) {
      upstream.push({ service: category.service, variations: await listVariations(source, serviceID, skipped) });
    }
  }
  if (upstream.length === 0) throw unexpected("it listed no services at all");

  const run = (client: DbClient) => applySync(actor, client, upstream, skipped, dryRun);
  return db.$transaction((client) => (dryRun ? rolledBack(client, run) : run(client)), { maxWait: 30_000, timeout: SYNC_TIMEOUT_MS });
}

async function applySync(
  actor: Actor,
  client: DbClient,
  upstream: { service: BillServiceCode | "DATA"; variations: Variation[] }[],
  skipped: CatalogSyncSummary["skipped"],
  dryRun: boolean,
): Promise<CatalogSyncSummary> {
  const summary: CatalogSyncSummary = {
    dryRun,
    provider: "vtpass",
    created: { plans: [], billProducts: [] },
    updated: { plans: [], billProducts: [] },
    deactivated: { plans: [], billProducts: [] },
    unchanged: { plans: [], billProducts: [] },
    skipped,
    note: NOTE,
  };
  const [networks, plans, products] = await Promise.all([
    client.network.findMany({ where: { airtimeUpstreamService: { not: null } }, select: { id: true, airtimeUpstreamService: true } }),
    client.dataPlan.findMany({ select: { id: true, upstreamService: true, upstreamCode: true, costPrice: true, active: true } }),
    client.billProduct.findMany({
      select: { id: true, upstreamService: true, upstreamCode: true, costPrice: true, active: true, amountType: true },
    }),
  ]);
  const networkOfData = new Map(networks.map((network) => [`${network.airtimeUpstreamService}-data`, network.id]));
  const key = (service: string | null, code: string | null) => `${service}\u0000${code}`;
  const planByUpstream = new Map(
    plans.filter((plan) => plan.upstreamService !== null).map((plan) => [key(plan.upstreamService, plan.upstreamCode), plan]),
  );
  const productByUpstream = new Map(
    products
      .filter((product) => product.upstreamService !== null && product.amountType === "FIXED")
      .map((product) => [key(product.upstreamService, product.upstreamCode), product]),
  );
  const takenIds = { plans: new Set(plans.map((plan) => plan.id)), billProducts: new Set(products.map((product) => product.id)) };
  // A variation listed but not synced (variable amount) is still listed: its row is not "gone".
  const seen = new Set<string>(skipped.map((entry) => key(entry.serviceID, entry.variationCode)));

  for (const { service, variations } of upstream) {
    for (const variation of variations) {
      const match = key(variation.serviceID, variation.code);
      seen.add(match);
      const networkId = service === "DATA" ? networkOfData.get(variation.serviceID) : undefined;
      const plan = planByUpstream.get(match);
      const product = productByUpstream.get(match);
      const stored = plan ?? product;
      const kind = plan ? "plans" : product ? "billProducts" : networkId !== undefined ? "plans" : "billProducts";
      if (stored) {
        if (stored.costPrice === variation.cost) summary.unchanged[kind].push(stored.id);
        else {
          summary.updated[kind].push(stored.id);
          const patch = { id: stored.id, costPrice: variation.cost };
          await (kind === "plans" ? updatePlan(actor, patch, client) : updateBillProduct(actor, patch, client));
        }
        continue;
      }
      const id = syncedId(variation.serviceID, variation.code);
      if (takenIds[kind].has(id)) {
        skipped.push({ serviceID: variation.serviceID, variationCode: variation.code, reason: `id '${id}' is taken by another row` });
        continue;
      }
      if (variation.cost === 0n) {
        skipped.push({ serviceID: variation.serviceID, variationCode: variation.code, reason: "variation_amount 0: no placeholder price" });
        continue;
      }
      takenIds[kind].add(id);
      summary.created[kind].push(id);
      const common = {
        id,
        name: variation.name.slice(0, 200),
        price: variation.cost,
        costPrice: variation.cost,
        productId: id,
        upstreamService: variation.serviceID,
        upstreamCode: variation.code,
        active: false,
      };
      if (networkId !== undefined) {
        await createPlan(
          actor,
          {
            ...common,
            networkId,
            pricingBasis: PLACEHOLDERS.pricingBasis,
            validityDays: PLACEHOLDERS.validityDays,
            class: PLACEHOLDERS.class,
          },
          client,
        );
      } else {
        const billService = service === "DATA" ? "BROADBAND" : service;
        await createBillProduct(actor, { ...common, service: billService, amountType: "FIXED", biller: PLACEHOLDERS.biller }, client);
      }
    }
  }

  const gone = async <T extends { id: string; active: boolean }>(
    kind: "plans" | "billProducts",
    rows: Map<string, T>,
    deactivate: (id: string) => Promise<unknown>,
  ) => {
    for (const [match, row] of rows) {
      if (seen.has(match) || !row.active) continue;
      summary.deactivated[kind].push(row.id);
      await deactivate(row.id);
    }
  };
  await gone("plans", planByUpstream, (id) => updatePlan(actor, { id, active: false }, client));
  await gone("billProducts", productByUpstream, (id) => updateBillProduct(actor, { id, active: false }, client));
  return summary;
}
