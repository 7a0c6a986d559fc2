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

/** An active bill product of the given service; a product of another service is not found here. */
export async function findBillProduct(servicePath: string, planId: string) {
  const service = billServiceOrThrow(servicePath);
  const product = await db.billProduct.findFirst({ where: { id: planId, service, active: true } });
  return { service, product };
}

export function billProductNotFound(servicePath: string, planId: string): AppError {
  return new AppError(
    "plan.not_found",
    `No ${servicePath} product with planId '${planId}'. See GET /api/v1/bills/${servicePath}/products.`,
  );
}
