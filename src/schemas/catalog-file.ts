/**
 * The catalog file (issue 16): the whole operator-managed catalog as one JSON document, what
 * `npm run admin -- catalog:export` prints and `catalog:import` reads; the sandbox catalog ships as
 * one (prisma/catalogs/sandbox.json). Browser-safe: zod only.
 *
 * Each row is validated with the schema a row created by hand is validated with (catalog-admin.ts), so
 * a file can say nothing a form could not. Money is a JSON integer of kobo. Account prices and
 * price-list assignments are not part of a catalog: they belong to accounts.
 *
 * What needs the database as well as the file (a plan's network, a price for an item that exists in
 * neither) is checked by `catalogFileProblems`, given what is stored; the import runs both before it
 * writes anything, and reports every problem with its JSON path (`plans[3].retailPrice`).
 */
import { z } from "zod";
import { billProductInput, catalogId, networkInput, planInput, priceInput, priceListName, pricingBasisInput } from "./catalog-admin";

export const CATALOG_FILE_FORMAT = "reseller-catalog";
export const CATALOG_FILE_VERSION = 1;

const planPriceEntry = z.object({ planId: catalogId(), price: priceInput(), pricingBasis: pricingBasisInput() });
const billPriceEntry = z.object({ productId: catalogId(), price: priceInput() });

const priceListEntry = z.object({
  name: priceListName(),
  plans: z.array(planPriceEntry, "must be a list").default([]),
  billProducts: z.array(billPriceEntry, "must be a list").default([]),
});

type Path = (string | number)[];
interface Problem {
  path: Path;
  message: string;
}

/** Each value of `field` that appears a second time in `rows` (at path `at`), by the path of the repeat. */
function repeats<T>(rows: T[], field: keyof T & string, at: Path, what: string): Problem[] {
  const seen = new Map<unknown, number>();
  const problems: Problem[] = [];
  rows.forEach((row, index) => {
    const value = row[field];
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else problems.push({ path: [...at, index, field], message: `${what} '${String(value)}' is already at index ${first}` });
  });
  return problems;
}

export const catalogFile = z
  .object({
    format: z.literal(CATALOG_FILE_FORMAT, `must be "${CATALOG_FILE_FORMAT}"`),
    version: z.literal(CATALOG_FILE_VERSION, `must be ${CATALOG_FILE_VERSION} (the only version this server reads)`),
    networks: z.array(networkInput, "must be a list").default([]),
    plans: z.array(planInput, "must be a list").default([]),
    billProducts: z.array(billProductInput, "must be a list").default([]),
    priceLists: z.array(priceListEntry, "must be a list").default([]),
  })
  .superRefine((file, context) => {
    const problems = [
      ...repeats(file.networks, "id", ["networks"], "network id"),
      ...repeats(file.plans, "id", ["plans"], "plan id"),
      ...repeats(file.billProducts, "id", ["billProducts"], "bill product id"),
      ...repeats(file.priceLists, "name", ["priceLists"], "price list"),
      ...file.priceLists.flatMap((list, index) => [
        ...repeats(list.plans, "planId", ["priceLists", index, "plans"], "plan"),
        ...repeats(list.billProducts, "productId", ["priceLists", index, "billProducts"], "bill product"),
      ]),
    ];
    for (const { path, message } of problems) context.addIssue({ code: "custom", path, message });
  });

export type CatalogFileInput = z.input<typeof catalogFile>;
export type CatalogFile = z.output<typeof catalogFile>;

/** What is already stored, as far as the file's references need it. */
export interface StoredCatalogFacts {
  networks: Set<string>;
  plans: Map<string, { retailPrice: bigint | null }>;
  billProducts: Map<string, { service: string; amountType: string }>;
}

/**
 * The problems only the file and the database together show: a plan whose network is in neither, a
 * bill product whose service or amount type the file would change (both are fixed at creation), and
 * price-list prices for unknown items, on the retail basis for a plan without a retail price, or for
 * a variable-amount product. The file's own rows win over the stored ones: they are what will be.
 */
export function catalogFileProblems(file: CatalogFile, stored: StoredCatalogFacts): Problem[] {
  const problems: Problem[] = [];
  const networks = new Set([...stored.networks, ...file.networks.map((network) => network.id)]);
  const plans = new Map([...stored.plans, ...file.plans.map((plan) => [plan.id, plan] as const)]);
  const products = new Map([...stored.billProducts, ...file.billProducts.map((product) => [product.id, product] as const)]);

  file.plans.forEach((plan, index) => {
    if (!networks.has(plan.networkId)) {
      problems.push({ path: ["plans", index, "networkId"], message: `no network '${plan.networkId}' in the file or the database` });
    }
  });
  file.billProducts.forEach((product, index) => {
    const before = stored.billProducts.get(product.id);
    for (const field of ["service", "amountType"] as const) {
      if (before && before[field] !== product[field]) {
        problems.push({
          path: ["billProducts", index, field],
          message: `cannot change from ${before[field]} to ${product[field]}: it is fixed when the product is created`,
        });
      }
    }
  });
  file.priceLists.forEach((list, listIndex) => {
    list.plans.forEach((entry, index) => {
      const path = ["priceLists", listIndex, "plans", index];
      const plan = plans.get(entry.planId);
      if (!plan) problems.push({ path: [...path, "planId"], message: `no data plan '${entry.planId}' in the file or the database` });
      else if (entry.pricingBasis === "RETAIL" && plan.retailPrice === null) {
        problems.push({
          path: [...path, "pricingBasis"],
          message: `cannot be retail: plan '${entry.planId}' has no published retail price`,
        });
      }
    });
    list.billProducts.forEach((entry, index) => {
      const path = ["priceLists", listIndex, "billProducts", index, "productId"];
      const product = products.get(entry.productId);
      if (!product) problems.push({ path, message: `no bill product '${entry.productId}' in the file or the database` });
      else if (product.amountType !== "FIXED") {
        problems.push({
          path,
          message: `'${entry.productId}' is a variable-amount product: it charges the amount sent, so it has no price`,
        });
      }
    });
  });
  return problems;
}

/** A JSON path as a person reads it: `plans[3].retailPrice`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "generalErrors";
  return path.map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`)).join("");
}
