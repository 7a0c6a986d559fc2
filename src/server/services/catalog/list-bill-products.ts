/** Bill products of one service (DESIGN.md §3.2 BillProduct); unknown services are 404 service.not_found. */
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { billServiceFromPath } from "~/schemas/services";

export interface BillProductView {
  planId: string;
  productId: string;
  name: string;
  biller: string;
  amountType: "fixed" | "variable";
  price: bigint | null;
  minAmount: bigint | null;
  maxAmount: bigint | null;
}

export async function listBillProducts(_actor: Actor, servicePath: string): Promise<BillProductView[]> {
  const service = billServiceFromPath(servicePath);
  if (!service) {
    throw new AppError("service.not_found", `No bill service '${servicePath}'. Use cable-tv, electricity, education or broadband.`);
  }
  const products = await db.billProduct.findMany({
    where: { service, active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
  });
  return products.map((product) => ({
    planId: product.id,
    productId: product.productId,
    name: product.name,
    biller: product.biller,
    amountType: product.amountType === "FIXED" ? "fixed" : "variable",
    price: product.amountType === "FIXED" ? product.price : null,
    minAmount: product.amountType === "VARIABLE" ? product.minAmount : null,
    maxAmount: product.amountType === "VARIABLE" ? product.maxAmount : null,
  }));
}
