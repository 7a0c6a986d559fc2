/**
 * Inputs of catalog administration (issue 16): networks, data plans, bill products, prices per account
 * and price lists, and the catalog file. Shared by the operator CLI, the operator console's forms, tRPC
 * and the catalog import, so a rule and its message are written once. Browser-safe: zod only.
 *
 * The database enforces the same rules (CHECK constraints and triggers, migration
 * 20261124001346_catalog_management); these give the message a person can act on.
 *
 * An edit is a patch: the service merges it into the stored row and validates the result with the
 * same schema a new row is validated with, so "min ≤ max" holds whichever of the two was changed.
 */
import { z } from "zod";
import { idInput, requiredText } from "./fields";
import { lagosDate } from "./portal-transactions";
import { BILL_SERVICE_CODES } from "./services";

/** The most any single price may be (₦100 million): catches a mistyped price long before overflow. */
export const MAX_PRICE_KOBO = 10n ** 10n;

/** Ids of networks, plans and products are chosen by the operator and are part of the public API. */
export const catalogId = () =>
  z
    .string("is required")
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, "must be 1 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit");

/** Whole kobo as a bigint, a safe integer or a string of digits (what a form, a file or a command line sends). */
const wholeKobo = z
  .union([z.bigint(), z.int(), z.string().trim().regex(/^\d+$/, "must be a whole number of kobo")], {
    error: "must be a whole number of kobo",
  })
  .transform((amount) => BigInt(amount))
  .refine((amount) => amount <= MAX_PRICE_KOBO, `must be at most ${MAX_PRICE_KOBO} kobo`);

/** A price: more than zero kobo. */
export const priceInput = () => wholeKobo.refine((amount) => amount > 0n, "must be more than 0 kobo");
/** A cost: zero or more kobo (an upstream may give a product away). */
export const costInput = () => wholeKobo.refine((amount) => amount >= 0n, "must be 0 kobo or more");

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.int(), z.string().trim().regex(/^\d+$/, message)], { error: message })
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, message);

/** The upstream's commission in basis points: 250 = 2.5%. */
export const commissionBpsInput = () => wholeNumber(0, 10_000, "must be a whole number of basis points from 0 to 10000");
const sortOrderInput = () => wholeNumber(0, 1_000_000, "must be a whole number from 0 to 1000000");

/**
 * What catalog:sync writes where the upstream gives no value (a new plan's class, a new product's
 * biller). A row still carrying it cannot be put on sale: the operator fills it in first.
 */
export const UNSET_FIELD = "UNSET";

const stillUnset = (row: { active: boolean }, field: string, value: string, context: z.RefinementCtx) => {
  if (row.active && value === UNSET_FIELD) {
    context.addIssue({
      code: "custom",
      path: [field],
      message: `must be filled in before the row is put on sale (catalog:sync left it ${UNSET_FIELD})`,
    });
  }
};

export const pricingBases = ["RETAIL", "SPECIAL"] as const;
export const pricingBasisInput = () =>
  z.string("must be retail or special").trim().toUpperCase().pipe(z.enum(pricingBases, "must be retail or special"));

export const amountTypes = ["FIXED", "VARIABLE"] as const;

const onSale = () => z.boolean("must be true or false");

/**
 * An upstream's name for a product (VTpass `serviceID` and `variation_code`, e.g. `glo-data` + `glo1000`;
 * a network's airtime `serviceID`, e.g. `mtn`). Kept as the upstream spells it: the code is sent back to
 * it verbatim, so case is not folded. Empty (null): not vendable through such an upstream.
 */
export const upstreamNameInput = () =>
  z
    .string("must be text")
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, "must be 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit");

// Each kind's fields once, without defaults: a new row fills in the defaults, an edit (a patch) leaves
// out what it does not change.
const networkFields = {
  name: requiredText(100),
  airtimeMinAmount: priceInput(),
  airtimeMaxAmount: priceInput(),
  airtimeCommissionBps: commissionBpsInput().nullable(),
  airtimeUpstreamService: upstreamNameInput().nullable(),
  sortOrder: sortOrderInput(),
  active: onSale(),
};

const planFields = {
  networkId: idInput(),
  name: requiredText(200),
  price: priceInput(),
  pricingBasis: pricingBasisInput(),
  retailPrice: priceInput().nullable(),
  costPrice: costInput().nullable(),
  productId: requiredText(64),
  sizeMb: wholeNumber(1, 100_000_000, "must be a whole number of megabytes, 1 or more").nullable(),
  validityDays: wholeNumber(1, 3650, "must be a whole number of days from 1 to 3650"),
  isUnlimited: z.boolean("must be true or false"),
  class: requiredText(50),
  upstreamService: upstreamNameInput().nullable(),
  upstreamCode: upstreamNameInput().nullable(),
  sortOrder: sortOrderInput(),
  active: onSale(),
};

/** A bill product's service and amount type are fixed at creation: prices and transactions depend on them. */
const billProductFields = {
  productId: requiredText(64),
  name: requiredText(200),
  biller: requiredText(100),
  price: priceInput().nullable(),
  minAmount: priceInput().nullable(),
  maxAmount: priceInput().nullable(),
  costPrice: costInput().nullable(),
  commissionBps: commissionBpsInput().nullable(),
  upstreamService: upstreamNameInput().nullable(),
  upstreamCode: upstreamNameInput().nullable(),
  sortOrder: sortOrderInput(),
  active: onSale(),
};

/** An upstream product is named by its service and its code together: one without the other names nothing. */
function upstreamPair(row: { upstreamService: string | null; upstreamCode: string | null }, context: z.RefinementCtx) {
  if (row.upstreamService !== null && row.upstreamCode === null) {
    context.addIssue({ code: "custom", path: ["upstreamCode"], message: "is required with upstreamService" });
  }
  if (row.upstreamService === null && row.upstreamCode !== null) {
    context.addIssue({ code: "custom", path: ["upstreamService"], message: "is required with upstreamCode" });
  }
}

export const networkInput = z
  .object({
    id: catalogId(),
    ...networkFields,
    airtimeCommissionBps: networkFields.airtimeCommissionBps.default(null),
    airtimeUpstreamService: networkFields.airtimeUpstreamService.default(null),
    sortOrder: networkFields.sortOrder.default(0),
    active: networkFields.active.default(true),
  })
  .superRefine((network, context) => {
    if (network.airtimeMinAmount > network.airtimeMaxAmount) {
      context.addIssue({ code: "custom", path: ["airtimeMaxAmount"], message: "must not be less than airtimeMinAmount" });
    }
  });
export type NetworkInput = z.input<typeof networkInput>;
export type NetworkRecord = z.output<typeof networkInput>;

export const planInput = z
  .object({
    id: catalogId(),
    ...planFields,
    retailPrice: planFields.retailPrice.default(null),
    costPrice: planFields.costPrice.default(null),
    sizeMb: planFields.sizeMb.default(null),
    isUnlimited: planFields.isUnlimited.default(false),
    upstreamService: planFields.upstreamService.default(null),
    upstreamCode: planFields.upstreamCode.default(null),
    sortOrder: planFields.sortOrder.default(0),
    active: planFields.active.default(true),
  })
  .superRefine((plan, context) => {
    if (plan.pricingBasis === "RETAIL" && plan.retailPrice === null) {
      context.addIssue({ code: "custom", path: ["retailPrice"], message: "is required when the pricing basis is retail" });
    }
    stillUnset(plan, "class", plan.class, context);
  })
  .superRefine(upstreamPair);
export type PlanInput = z.input<typeof planInput>;
export type PlanRecord = z.output<typeof planInput>;

export const billProductInput = z
  .object({
    id: catalogId(),
    service: z.enum(BILL_SERVICE_CODES, `must be one of ${BILL_SERVICE_CODES.join(", ")}`),
    amountType: z.string("must be fixed or variable").trim().toUpperCase().pipe(z.enum(amountTypes, "must be fixed or variable")),
    ...billProductFields,
    price: billProductFields.price.default(null),
    minAmount: billProductFields.minAmount.default(null),
    maxAmount: billProductFields.maxAmount.default(null),
    costPrice: billProductFields.costPrice.default(null),
    commissionBps: billProductFields.commissionBps.default(null),
    upstreamService: billProductFields.upstreamService.default(null),
    upstreamCode: billProductFields.upstreamCode.default(null),
    sortOrder: billProductFields.sortOrder.default(0),
    active: billProductFields.active.default(true),
  })
  .superRefine((product, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    stillUnset(product, "biller", product.biller, context);
    if (product.amountType === "FIXED") {
      if (product.price === null) problem("price", "is required for a fixed-price product");
      if (product.minAmount !== null) problem("minAmount", "must not be given for a fixed-price product");
      if (product.maxAmount !== null) problem("maxAmount", "must not be given for a fixed-price product");
      if (product.commissionBps !== null) problem("commissionBps", "is for variable-amount products; give costPrice instead");
    } else {
      if (product.price !== null) problem("price", "must not be given for a variable-amount product");
      if (product.minAmount === null) problem("minAmount", "is required for a variable-amount product");
      if (product.maxAmount === null) problem("maxAmount", "is required for a variable-amount product");
      if (product.costPrice !== null) problem("costPrice", "is for fixed-price products; give commissionBps instead");
      if (product.minAmount !== null && product.maxAmount !== null && product.minAmount > product.maxAmount) {
        problem("maxAmount", "must not be less than minAmount");
      }
    }
  })
  .superRefine(upstreamPair);
export type BillProductInput = z.input<typeof billProductInput>;
export type BillProductRecord = z.output<typeof billProductInput>;

/** An edit: the id (which never changes: the API's clients know it) and any fields to change. */
export const networkPatch = z.object(networkFields).partial().extend({ id: idInput() });
export type NetworkPatch = z.input<typeof networkPatch>;
export const planPatch = z.object(planFields).partial().extend({ id: idInput() });
export type PlanPatch = z.input<typeof planPatch>;
export const billProductPatch = z.object(billProductFields).partial().extend({ id: idInput() });
export type BillProductPatch = z.input<typeof billProductPatch>;

/**
 * What a price applies to: a data plan or a fixed-price bill product (their ids are separate
 * namespaces, so the kind is said explicitly).
 */
const pricedItem = {
  planId: idInput().optional(),
  productId: idInput().optional(),
};
function exactlyOneItem(input: { planId?: string; productId?: string }, context: z.RefinementCtx) {
  if ((input.planId === undefined) === (input.productId === undefined)) {
    context.addIssue({
      code: "custom",
      path: ["planId"],
      message: "give exactly one of planId (a data plan) or productId (a bill product)",
    });
  }
}
/** A plan's price carries its basis (retail or special), as the contract's Plan does; a bill product's does not. */
function basisOnlyForPlans(input: { productId?: string; pricingBasis?: string | null }, context: z.RefinementCtx) {
  if (input.productId !== undefined && input.pricingBasis !== undefined && input.pricingBasis !== null) {
    context.addIssue({ code: "custom", path: ["pricingBasis"], message: "applies to data plans only" });
  }
}

/** `price: null` removes the account's own price, so the price list's or the default applies again. */
export const setAccountPriceInput = z
  .object({
    accountId: idInput(),
    ...pricedItem,
    price: priceInput().nullable(),
    pricingBasis: pricingBasisInput().optional(),
  })
  .superRefine(exactlyOneItem)
  .superRefine(basisOnlyForPlans);
export type SetAccountPriceInput = z.input<typeof setAccountPriceInput>;

export const priceListName = () => requiredText(100);

export const createPriceListInput = z.object({ name: priceListName() });
export type CreatePriceListInput = z.input<typeof createPriceListInput>;

export const renamePriceListInput = z.object({ priceListId: idInput(), name: priceListName() });
export type RenamePriceListInput = z.input<typeof renamePriceListInput>;

/** `price: null` takes the item off the list, so the default price applies to the list's accounts. */
export const setPriceListPriceInput = z
  .object({
    priceListId: idInput(),
    ...pricedItem,
    price: priceInput().nullable(),
    pricingBasis: pricingBasisInput().optional(),
  })
  .superRefine(exactlyOneItem)
  .superRefine(basisOnlyForPlans);
export type SetPriceListPriceInput = z.input<typeof setPriceListPriceInput>;

/** `priceListId: null` takes the account off its list. */
export const assignPriceListInput = z.object({ accountId: idInput(), priceListId: idInput().nullable() });
export type AssignPriceListInput = z.input<typeof assignPriceListInput>;

/** A month of the margin report, `YYYY-MM` in Lagos time, as invoices are. */
/** The longest range of days a margin report covers: a year, leap or not. */
export const MARGIN_REPORT_MAX_DAYS = 366;

/**
 * A month (`period`), or a range of Lagos days (`from` and `to`, both inclusive, at most
 * MARGIN_REPORT_MAX_DAYS): one or the other.
 */
export const marginReportInput = z
  .object({
    period: z
      .string("must be text")
      .trim()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month as YYYY-MM")
      .optional(),
    from: lagosDate.optional(),
    to: lagosDate.optional(),
    accountId: idInput().optional(),
  })
  .superRefine((input, context) => {
    const range = input.from !== undefined || input.to !== undefined;
    if (range && input.period !== undefined)
      context.addIssue({ code: "custom", path: ["period"], message: "must not be given with from and to" });
    if (!range && input.period === undefined)
      context.addIssue({ code: "custom", path: ["period"], message: "is required (or from and to)" });
    if (range && input.from === undefined) context.addIssue({ code: "custom", path: ["from"], message: "is required with to" });
    if (range && input.to === undefined) context.addIssue({ code: "custom", path: ["to"], message: "is required with from" });
    if (input.from && input.to) {
      const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000 + 1;
      if (days < 1) context.addIssue({ code: "custom", path: ["to"], message: "must not be before the start date" });
      else if (days > MARGIN_REPORT_MAX_DAYS)
        context.addIssue({ code: "custom", path: ["to"], message: `must be at most ${MARGIN_REPORT_MAX_DAYS} days after the start date` });
    }
  });
export type MarginReportInput = z.input<typeof marginReportInput>;

/** What taking a catalog item off sale affects: the item, by its kind and id (the console's confirmation). */
export const catalogItemInput = z.object({
  kind: z.enum(["network", "plan", "billProduct"], "must be network, plan or billProduct"),
  id: z.string("is required").trim().min(1, "is required").max(100, "must be at most 100 characters"),
});
export type CatalogItemInput = z.input<typeof catalogItemInput>;
