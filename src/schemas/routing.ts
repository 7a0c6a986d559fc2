/**
 * Operator input for product routes and upstream switches (docs/operating.md "Routes and failover",
 * "Upstream health").
 */
import { z } from "zod";
import { API_SERVICE_NAMES, type ServiceCode } from "~/schemas/services";

const serviceCode = z.enum(Object.keys(API_SERVICE_NAMES) as [ServiceCode, ...ServiceCode[]]);
const providerName = z.string().trim().min(1).max(40);
const upstreamName = z.string().trim().min(1).max(100).nullable().default(null);

export const routeInput = z
  .object({
    provider: providerName,
    /** The upstream's names for the product (VTpass serviceID and variation_code; Clubkonnect network and plan code). */
    upstreamService: upstreamName,
    upstreamCode: upstreamName,
    /** What the upstream charges us, kobo (fixed-price products)... */
    costPrice: z.coerce.bigint().min(0n).nullable().default(null),
    /** ...or its commission, basis points of the amount (airtime, variable bills). */
    commissionBps: z.number().int().min(0).max(10_000).nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .refine((route) => route.costPrice === null || route.commissionBps === null, {
    message: "give either costPrice or commissionBps, not both",
    path: ["commissionBps"],
  });

export const setProductRoutesInput = z.object({
  service: serviceCode,
  /** A network id (airtime), a data plan id or a bill product id. */
  productCode: z.string().trim().min(1).max(100),
  /** In order of preference; empty removes the routes (the product goes to VEND_PROVIDER again). */
  routes: z
    .array(routeInput)
    .max(10)
    .refine((routes) => new Set(routes.map((route) => route.provider)).size === routes.length, "each upstream at most once"),
});
export type SetProductRoutesInput = z.input<typeof setProductRoutesInput>;

export const setUpstreamEnabledInput = z.object({
  provider: providerName,
  enabled: z.boolean(),
  reason: z.string().trim().min(1).max(500).nullable().default(null),
});
export type SetUpstreamEnabledInput = z.input<typeof setUpstreamEnabledInput>;

export const setRouteEnabledInput = z.object({
  service: serviceCode,
  productCode: z.string().trim().min(1).max(100),
  provider: providerName,
  enabled: z.boolean(),
});
export type SetRouteEnabledInput = z.input<typeof setRouteEnabledInput>;
