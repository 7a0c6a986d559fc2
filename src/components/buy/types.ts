import type { ReactNode } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "~/server/trpc/root";

type PurchasesOutputs = inferRouterOutputs<AppRouter>["purchases"];

/** A purchase as the portal receives it (the contract's Transaction; amounts are bigint kobo). */
export type Purchase = PurchasesOutputs["buyData"];
export type Network = PurchasesOutputs["networks"][number];
export type Plan = PurchasesOutputs["plans"][number];
export type BillProduct = PurchasesOutputs["billProducts"][number];
export type CustomerVerification = PurchasesOutputs["verifyCustomer"];

/** Who vends the product, for the words on the result: "the network rejected…", "the biller rejected…". */
export type Seller = "network" | "biller";

/** One line of an order summary. */
export interface SummaryRow {
  label: string;
  value: ReactNode;
}
