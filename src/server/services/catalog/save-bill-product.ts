/**
 * Operators create and edit bill products (issue 16). A product's service and amount type are fixed at
 * creation: account and price-list prices exist only for fixed-price products, and a transaction's
 * service must stay what its product says.
 */
import { AppError } from "~/server/errors";
import { billProductInput, billProductPatch } from "~/schemas/catalog-admin";
import { catalogWriter } from "./catalog-change";
import { assertUpstreamFree } from "./upstream-mapping";

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
  upstreamService: true,
  upstreamCode: true,
  sortOrder: true,
  active: true,
} as const;

const billProducts = catalogWriter({
  what: "bill product",
  audit: "bill_product",
  schema: billProductInput,
  patch: billProductPatch,
  find: (client, id) => client.billProduct.findUnique({ where: { id }, select: BILL_PRODUCT_FIELDS }),
  notFound: (id) => new AppError("plan.not_found", `No bill product with id '${id}'.`),
  insert: (client, row) => client.billProduct.create({ data: row, select: BILL_PRODUCT_FIELDS }),
  update: (client, id, row) => client.billProduct.update({ where: { id }, data: row, select: BILL_PRODUCT_FIELDS }),
  check: (client, product) =>
    assertUpstreamFree(product, (where) => client.billProduct.findFirst({ where, select: { id: true } }), "bill product"),
});

export const createBillProduct = billProducts.create;
export const updateBillProduct = billProducts.update;
export const findBillProductOrThrow = billProducts.findOrThrow;
