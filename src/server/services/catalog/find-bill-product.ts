import { billServiceFromPath } from "~/schemas/services";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";

export function billServiceOrThrow(servicePath: string) {
  const service = billServiceFromPath(servicePath);
  if (!service) {
    throw new AppError("service.not_found", `No bill service '${servicePath}'. Use cable-tv, electricity, education or broadband.`);
  }
  return service;
}

/**
 * A bill product of the given service, on sale or not (a product of another service is not found
 * here): a retry of a payment must be answered even after its product was deactivated, and a new
 * payment of a deactivated product is told so (422 plan.unavailable), not "unknown".
 */
export async function findBillProduct(servicePath: string, planId: string) {
  const service = billServiceOrThrow(servicePath);
  const product = await db.billProduct.findFirst({ where: { id: planId, service } });
  return { service, product };
}

/** The product, when it exists and is on sale; else the contract's 404 or 422. */
export function billProductOnSale<Product extends { active: boolean }>(
  servicePath: string,
  planId: string,
  product: Product | null,
): Product {
  if (!product) throw billProductRefusals(servicePath, planId).notFound;
  if (!product.active) throw billProductRefusals(servicePath, planId).notOnSale;
  return product;
}

export function billProductRefusals(servicePath: string, planId: string) {
  const listing = `See GET /api/v1/bills/${servicePath}/products.`;
  return {
    notFound: new AppError("plan.not_found", `No ${servicePath} product with planId '${planId}'. ${listing}`),
    notOnSale: new AppError("plan.unavailable", `The ${servicePath} product '${planId}' is not on sale now. ${listing}`),
    outOfRange: new AppError("amount.out_of_range", `The amount is outside what '${planId}' accepts now. ${listing}`),
  };
}
