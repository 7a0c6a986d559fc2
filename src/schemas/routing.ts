/**
 * Operator input for product routes and upstream switches (docs/operating.md "Routes and failover",
 * "Upstream health").
 */
import { z } from "zod";
import { costInput } from "~/schemas/catalog-admin";
import { API_SERVICE_NAMES, type ServiceCode } from "~/schemas/services";

const serviceCode = z.enum(Object.keys(API_SERVICE_NAMES) as [ServiceCode, ...ServiceCode[]]);
const providerName = z.string("is required").trim().min(1, "is required").max(40, "must be at most 40 characters");
// Blank is "none": a form's empty field and the CLI's omitted one mean the same.
const upstreamName = z
  .string()
  .trim()
  .max(100, "must be at most 100 characters")
  .nullable()
  .default(null)
  .transform((name) => (name === "" ? null : name));
const productCode = z.string("is required").trim().min(1, "is required").max(100, "must be at most 100 characters");

export const routeInput = z
  .object({
    provider: providerName,
    /** The upstream's names for the product (VTpass serviceID and variation_code; Clubkonnect network and plan code). */
    upstreamService: upstreamName,
    upstreamCode: upstreamName,
    /** What the upstream charges us, kobo (fixed-price products)... */
    costPrice: z.coerce.bigint("must be a whole number of kobo").min(0n, "must be 0 or more").nullable().default(null),
    /** ...or its commission, basis points of the amount (airtime, variable bills). */
    commissionBps: z
      .number("must be a whole number of basis points")
      .int("must be a whole number of basis points")
      .min(0, "must be 0 or more")
      .max(10_000, "must be at most 10000 (100%)")
      .nullable()
      .default(null),
    enabled: z.boolean().default(true),
  })
  .refine((route) => route.costPrice === null || route.commissionBps === null, {
    message: "give either costPrice or commissionBps, not both",
    path: ["commissionBps"],
  });

/** One product: a network's airtime (AIRTIME and the network id), a data plan (DATA and its id) or a bill product. */
export const productRoutesInput = z.object({
  service: serviceCode,
  /** A network id (airtime), a data plan id or a bill product id. */
  productCode,
});
export type ProductRoutesInput = z.input<typeof productRoutesInput>;

export const setProductRoutesInput = productRoutesInput.extend({
  /** In order of preference; empty removes the routes (the product goes to VEND_PROVIDER again). */
  routes: z
    .array(routeInput)
    .max(10, "at most 10 routes")
    .superRefine((routes, context) => {
      // Named at the repeated route's provider, so a form shows it by that field.
      routes.forEach((route, index) => {
        if (routes.findIndex((other) => other.provider === route.provider) < index) {
          context.addIssue({
            code: "custom",
            path: [index, "provider"],
            message: `${route.provider} is already a route: each upstream at most once`,
          });
        }
      });
    }),
});
export type SetProductRoutesInput = z.input<typeof setProductRoutesInput>;

export const setUpstreamEnabledInput = z.object({
  provider: providerName,
  enabled: z.boolean(),
  reason: z.string().trim().min(1).max(500).nullable().default(null),
});
export type SetUpstreamEnabledInput = z.input<typeof setUpstreamEnabledInput>;

export const setRouteEnabledInput = productRoutesInput.extend({
  provider: providerName,
  enabled: z.boolean(),
});
export type SetRouteEnabledInput = z.input<typeof setRouteEnabledInput>;

/** An upstream's floor, kobo: with its balance below it no routed order goes there (docs/operating.md "Upstream health"); 0: none. */
export const setUpstreamFloorInput = z.object({
  provider: providerName,
  floor: costInput(),
});
export type SetUpstreamFloorInput = z.input<typeof setUpstreamFloorInput>;

/** Whose wallet to read now: one upstream, or (absent) every one the poll reads. */
export const readUpstreamBalancesInput = z.object({
  provider: providerName.optional(),
});
export type ReadUpstreamBalancesInput = z.input<typeof readUpstreamBalancesInput>;
