/**
 * Operators create and edit bill products (issue 16). A product's service and amount type are fixed at
 * creation: account and price-list prices exist only for fixed-price products, and a transaction's
 * service must stay what its product says.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { billProductInput, billProductPatch, type BillProductInput, type BillProductPatch } from "~/schemas/catalog-admin";
import { auditCatalogChange, createOrIdTaken, mergeEdit } from "./catalog-change";

const BILL_PRODUCT_FIELDS = {
  id: true,
  service: true,
  productId: true,
  name: true,
  biller: true,
  amountType: true,
  price: true,
  minAmount: true,
  maxAmount: true,
  costPrice: true,
  commissionBps: true,
  sortOrder: true,
  active: true,
} as const;

export async function createBillProduct(actor: Actor, input: BillProductInput, tx?: DbClient) {
  assertOperator(actor);
  const product = parseInput(billProductInput, input);
  return inTransaction(tx, async (client) => {
    const created = await createOrIdTaken("bill product", product.id, () =>
      client.billProduct.create({ data: product, select: BILL_PRODUCT_FIELDS }),
    );
    await auditCatalogChange(client, actor, { action: "bill_product.created", targetId: created.id, before: null, after: created });
    return created;
  });
}

export async function updateBillProduct(actor: Actor, input: BillProductPatch, tx?: DbClient) {
  assertOperator(actor);
  const patch = parseInput(billProductPatch, input);
  return inTransaction(tx, async (client) => {
    const stored = await findBillProductOrThrow(client, patch.id);
    const product = mergeEdit(billProductInput, stored, patch);
    const updated = await client.billProduct.update({ where: { id: stored.id }, data: product, select: BILL_PRODUCT_FIELDS });
    await auditCatalogChange(client, actor, { action: "bill_product.updated", targetId: updated.id, before: stored, after: updated });
    return updated;
  });
}

export async function findBillProductOrThrow(client: DbClient, id: string) {
  const product = await client.billProduct.findUnique({ where: { id }, select: BILL_PRODUCT_FIELDS });
  if (!product) throw new AppError("plan.not_found", `No bill product with id '${id}'.`);
  return product;
}
