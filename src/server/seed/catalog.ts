/**
 * The sandbox catalog: the networks, data plans, bill products and an example price list ("Gold") the
 * embedded sandbox provider sells, shipped as a catalog file, prisma/catalogs/sandbox.json (the format
 * of `npm run admin -- catalog:export`; docs/operating.md "Catalog files"). This module is its one loader. The
 * JSON is imported, not read from disk, so every bundle that needs it (the production server, Next.js'
 * server code, the CLI) carries it.
 *
 * Prices are kobo and in the range Nigerian resellers saw in 2025–26, costs a little below them, with
 * commissions of 3% on airtime and 1% on electricity; demo data, not a price list. Data plans carry
 * both pricing bases on purpose: SME and Corporate bundles are sold at a special (negotiated) price
 * with no published retail price, Gifting bundles are the networks' own retail bundles, sold slightly
 * below their published price. The same bundle has the same productId on every network, so a
 * reseller can map "data-1gb-30d" across networks without reading plan names.
 *
 * Who loads it into a database: `catalog:import --sandbox`, and the embedded demo (seed-demo.ts) when
 * the database has no catalog yet. Nothing else does in a running product.
 */
import type { DbClient } from "~/server/db";
import { catalogFile } from "~/schemas/catalog-file";
import sandboxJson from "../../../prisma/catalogs/sandbox.json" with { type: "json" };

/** The file as it is, for catalog:import (which validates it like any other file). */
export const SANDBOX_CATALOG_FILE: unknown = sandboxJson;

/** The file validated: money as bigint kobo, every default filled in. */
const SANDBOX = catalogFile.parse(sandboxJson);

export const SANDBOX_NETWORKS = SANDBOX.networks;
export const SANDBOX_DATA_PLANS = SANDBOX.plans;
export const SANDBOX_BILL_PRODUCTS = SANDBOX.billProducts;
export type SandboxNetwork = (typeof SANDBOX_NETWORKS)[number];
export type SandboxDataPlan = (typeof SANDBOX_DATA_PLANS)[number];
export type SandboxBillProduct = (typeof SANDBOX_BILL_PRODUCTS)[number];

/**
 * For tests and the benchmark only: writes the sandbox's networks, plans and bill products straight
 * to the tables, creating what is missing and bringing existing rows back to the file, without audit
 * entries (a test's fixture, not an operator's change). Price lists and account prices are left alone.
 * The product loads the sandbox through importCatalog instead.
 */
export async function upsertSandboxCatalog(client: DbClient): Promise<void> {
  for (const network of SANDBOX_NETWORKS) await client.network.upsert({ where: { id: network.id }, create: network, update: network });
  for (const plan of SANDBOX_DATA_PLANS) await client.dataPlan.upsert({ where: { id: plan.id }, create: plan, update: plan });
  for (const product of SANDBOX_BILL_PRODUCTS) {
    await client.billProduct.upsert({ where: { id: product.id }, create: product, update: product });
  }
}
