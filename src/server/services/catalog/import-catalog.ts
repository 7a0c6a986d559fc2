/**
 * Imports a catalog file (src/schemas/catalog-file.ts) for operators: `npm run admin -- catalog:import`,
 * and the embedded demo's sandbox catalog.
 *
 * - The whole file is validated before anything is written, every problem reported at once with its
 *   JSON path (`plans[3].retailPrice`), including what needs the database to see (a plan's network).
 * - Everything is written in one database transaction: all of the file or nothing.
 * - Each change goes through the same service an operator's edit does (createPlan, updatePlan,
 *   setPriceListPrice, ...), so it is validated by the same rules and audited row by row. A row equal
 *   to the stored one is not written, and leaves no audit entry.
 * - What the file does not mention is left alone: a network, plan, bill product, price list or
 *   price-list price absent from the file is neither deactivated nor removed. To take something off
 *   sale with a file, export, set `"active": false` on it, and import.
 * - `dryRun` makes the same writes in a savepoint and rolls them back: the same summary, or the same
 *   error, and nothing written.
 *
 * Price lists are matched by name (their ids differ between databases).
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { isAppError } from "~/server/errors";
import { createPriceList, setPriceListPrice } from "~/server/services/pricing/manage-price-lists";
import { invalidInput } from "~/server/validation/parse-input";
import { catalogFile, catalogFileProblems, jsonPath, type CatalogFile } from "~/schemas/catalog-file";
import { createBillProduct, updateBillProduct } from "./save-bill-product";
import { createNetwork, updateNetwork } from "./save-network";
import { createPlan, updatePlan } from "./save-plan";

interface Kinds<T> {
  networks: T;
  plans: T;
  billProducts: T;
  priceLists: T;
}

export interface CatalogImportSummary {
  dryRun: boolean;
  /** Ids of what was (or, in a dry run, would be) created; price lists by name. */
  created: Kinds<string[]>;
  /** Ids of existing rows with at least one field changed; a price list when any of its prices changed. */
  updated: Kinds<string[]>;
  /** Rows (and price lists) in the file that equal what is stored. */
  unchanged: number;
}

/** A write to make, and the JSON path of the row it comes from (for an error the service reports). */
interface Step {
  path: (string | number)[];
  write: (client: DbClient) => Promise<unknown>;
}

/** A big file is hundreds of statements; the default five seconds of an interactive transaction is too short. */
const IMPORT_TIMEOUT_MS = 120_000;

export async function importCatalog(
  actor: Actor,
  content: unknown,
  options: { dryRun?: boolean } = {},
  tx?: DbClient,
): Promise<CatalogImportSummary> {
  assertOperator(actor);
  const parsed = catalogFile.safeParse(content);
  if (!parsed.success) {
    throw invalidInput(parsed.error.issues.map((issue) => ({ name: jsonPath(issue.path), reason: issue.message })));
  }
  const file = parsed.data;
  const dryRun = options.dryRun === true;
  const run = async (client: DbClient) => {
    const { summary, steps } = await planImport(actor, client, file, dryRun);
    for (const step of steps) await atPath(step.path, () => step.write(client));
    return summary;
  };
  // A dry run makes every write, so the services refuse what they would refuse, then rolls them back.
  const work = (client: DbClient) => (dryRun ? rolledBack(client, run) : run(client));
  if (tx) return work(tx);
  return db.$transaction((client) => work(client), { maxWait: 30_000, timeout: IMPORT_TIMEOUT_MS });
}

/** Runs `work` in a savepoint that is always rolled back: inside the caller's transaction, nothing stays. */
export async function rolledBack<T>(client: DbClient, work: (client: DbClient) => Promise<T>): Promise<T> {
  await client.$executeRaw`SAVEPOINT catalog_import_dry_run`;
  try {
    return await work(client);
  } finally {
    await client.$executeRaw`ROLLBACK TO SAVEPOINT catalog_import_dry_run`;
  }
}

/** Compares the file with what is stored: the summary, and the writes that bring the database to the file. */
async function planImport(actor: Actor, client: DbClient, file: CatalogFile, dryRun: boolean) {
  const [networks, plans, billProducts, priceLists] = await Promise.all([
    client.network.findMany(),
    client.dataPlan.findMany(),
    client.billProduct.findMany(),
    client.priceList.findMany({ include: { planPrices: true, billPrices: true } }),
  ]);
  const problems = catalogFileProblems(file, {
    networks: new Set(networks.map((network) => network.id)),
    plans: new Map(plans.map((plan) => [plan.id, plan])),
    billProducts: new Map(billProducts.map((product) => [product.id, product])),
  });
  if (problems.length > 0) throw invalidInput(problems.map((problem) => ({ name: jsonPath(problem.path), reason: problem.message })));

  const summary: CatalogImportSummary = {
    dryRun,
    created: { networks: [], plans: [], billProducts: [], priceLists: [] },
    updated: { networks: [], plans: [], billProducts: [], priceLists: [] },
    unchanged: 0,
  };
  const steps: Step[] = [];

  /** One kind of row: each is created, updated or unchanged, through the kind's own services. */
  function rows<R extends { id: string }>(
    kind: "networks" | "plans" | "billProducts",
    fileRows: R[],
    stored: { id: string }[],
    create: (actor: Actor, row: R, client: DbClient) => Promise<unknown>,
    update: (actor: Actor, row: R, client: DbClient) => Promise<unknown>,
  ) {
    const byId = new Map(stored.map((row) => [row.id, row]));
    fileRows.forEach((row, index) => {
      const before = byId.get(row.id);
      const path = [kind, index];
      if (!before) {
        summary.created[kind].push(row.id);
        steps.push({ path, write: (client) => create(actor, row, client) });
      } else if (differs(row, before)) {
        summary.updated[kind].push(row.id);
        steps.push({ path, write: (client) => update(actor, row, client) });
      } else summary.unchanged++;
    });
  }

  rows("networks", file.networks, networks, createNetwork, updateNetwork);
  rows("plans", file.plans, plans, createPlan, updatePlan);
  rows("billProducts", file.billProducts, billProducts, createBillProduct, updateBillProductRow);

  const listsByName = new Map(priceLists.map((list) => [list.name, list]));
  file.priceLists.forEach((list, listIndex) => {
    const stored = listsByName.get(list.name);
    const planPrices = new Map(stored?.planPrices.map((entry) => [entry.planId, entry]));
    const billPrices = new Map(stored?.billPrices.map((entry) => [entry.productId, entry]));
    const writes: Step[] = [];
    const setPrice = (path: Step["path"], item: { planId: string } | { productId: string }, price: bigint, pricingBasis?: string) =>
      writes.push({
        path,
        write: (client) => setPriceListPrice(actor, { priceListId: list.name, ...item, price, pricingBasis }, client),
      });
    list.plans.forEach((entry, index) => {
      const before = planPrices.get(entry.planId);
      if (!before || before.price !== entry.price || before.pricingBasis !== entry.pricingBasis) {
        setPrice(["priceLists", listIndex, "plans", index], { planId: entry.planId }, entry.price, entry.pricingBasis);
      }
    });
    list.billProducts.forEach((entry, index) => {
      if (billPrices.get(entry.productId)?.price !== entry.price) {
        setPrice(["priceLists", listIndex, "billProducts", index], { productId: entry.productId }, entry.price);
      }
    });
    if (!stored) {
      summary.created.priceLists.push(list.name);
      steps.push({ path: ["priceLists", listIndex], write: (client) => createPriceList(actor, { name: list.name }, client) });
    } else if (writes.length > 0) summary.updated.priceLists.push(list.name);
    else summary.unchanged++;
    steps.push(...writes);
  });
  return { summary, steps };
}

/** Service and amount type never change (catalogFileProblems refused a file that changes them): the rest is the edit. */
function updateBillProductRow(actor: Actor, row: CatalogFile["billProducts"][number], client: DbClient) {
  const { service: _service, amountType: _amountType, ...patch } = row;
  return updateBillProduct(actor, patch, client);
}

/** Whether any field the file gives differs from the stored row. */
function differs(row: object, stored: object): boolean {
  const before = stored as Record<string, unknown>;
  return Object.entries(row).some(([key, value]) => before[key] !== value);
}

/** A service's validation error, with its field names prefixed by the row's path in the file. */
async function atPath<T>(path: (string | number)[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isAppError(error) && error.code === "validation.failed" && error.fieldErrors) {
      throw invalidInput(error.fieldErrors.map((problem) => ({ name: `${jsonPath(path)}.${problem.name}`, reason: problem.reason })));
    }
    throw error;
  }
}
