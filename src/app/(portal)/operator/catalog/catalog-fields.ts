/**
 * The create/edit forms of networks, plans and bill products, as field specs for CatalogFormDialog,
 * and a stored record as those forms' initial values. Names are the zod schemas' (catalog-admin.ts),
 * so the server's per-field problems land on the right field. Money fields are in naira.
 */
import { BILL_SERVICE_CODES } from "~/schemas/services";
import type { CatalogAdmin } from "~/server/services/catalog/list-catalog-admin";
import type { FormFieldSpec } from "../_components/catalog-form";
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import { nairaInputValue } from "~/components/money";

export type AdminNetwork = CatalogAdmin["networks"][number];
export type AdminPlan = CatalogAdmin["plans"][number];
export type AdminBillProduct = CatalogAdmin["billProducts"][number];

const ID_HINT = "Lower-case letters, digits, '.', '_' or '-'. Part of the public API: it cannot change later.";
const UPSTREAM_FIELDS: readonly FormFieldSpec[] = [
  {
    name: "upstreamService",
    label: "Upstream service",
    kind: "text",
    optional: true,
    mono: true,
    hint: "VTpass serviceID, e.g. glo-data, dstv, ikeja-electric. Empty: not vendable through the upstream.",
  },
  {
    name: "upstreamCode",
    label: "Upstream code",
    kind: "text",
    optional: true,
    mono: true,
    hint: "VTpass variation_code, e.g. glo1000, dstv-padi, prepaid. Given with the service.",
  },
];
const SORT_ORDER: FormFieldSpec = { name: "sortOrder", label: "Sort order", kind: "whole", hint: "Lower numbers are listed first." };

export const NETWORK_FIELDS: readonly FormFieldSpec[] = [
  { name: "id", label: "Network id", kind: "text", hint: ID_HINT, createOnly: true, mono: true },
  { name: "name", label: "Name", kind: "text" },
  { name: "airtimeMinAmount", label: "Airtime minimum (₦)", kind: "naira", hint: "In naira, e.g. 50" },
  { name: "airtimeMaxAmount", label: "Airtime maximum (₦)", kind: "naira", hint: "In naira, e.g. 50000" },
  {
    name: "airtimeCommissionBps",
    label: "Upstream airtime commission (basis points)",
    kind: "whole",
    optional: true,
    hint: "250 = 2.5%: the cost of airtime is its amount less this. Empty: cost unknown.",
  },
  {
    name: "airtimeUpstreamService",
    label: "Upstream airtime service",
    kind: "text",
    optional: true,
    mono: true,
    hint: "The upstream's service id for this network's airtime (VTpass: mtn, glo, airtel, etisalat). Empty: no airtime through it.",
  },
  SORT_ORDER,
];

export function planFields(networks: readonly AdminNetwork[]): readonly FormFieldSpec[] {
  return [
    { name: "id", label: "Plan id", kind: "text", hint: ID_HINT, createOnly: true, mono: true },
    {
      name: "networkId",
      label: "Network",
      kind: "select",
      options: networks.map((network) => ({ value: network.id, label: network.name })),
    },
    { name: "name", label: "Name", kind: "text" },
    { name: "price", label: "Default price (₦)", kind: "naira", hint: "In naira: what accounts without a list or own price pay." },
    {
      name: "pricingBasis",
      label: "Pricing basis",
      kind: "select",
      options: [
        { value: "SPECIAL", label: "Special" },
        { value: "RETAIL", label: "Retail (needs a retail price)" },
      ],
    },
    { name: "retailPrice", label: "Retail price (₦)", kind: "naira", optional: true, hint: "In naira: the published retail price." },
    {
      name: "costPrice",
      label: "Cost (₦)",
      kind: "naira",
      optional: true,
      hint: "In naira: what the upstream charges us. Operators only.",
    },
    { name: "productId", label: "Upstream product id", kind: "text", mono: true },
    { name: "sizeMb", label: "Size (MB)", kind: "whole", optional: true },
    { name: "validityDays", label: "Validity (days)", kind: "whole" },
    { name: "class", label: "Class", kind: "text", hint: "E.g. SME, Gifting, Corporate." },
    { name: "isUnlimited", label: "Unlimited", kind: "checkbox" },
    ...UPSTREAM_FIELDS,
    SORT_ORDER,
  ];
}

const isFixed = (selects: Record<string, string>) => selects.amountType !== "VARIABLE";

export const BILL_PRODUCT_FIELDS: readonly FormFieldSpec[] = [
  { name: "id", label: "Product id", kind: "text", hint: ID_HINT, createOnly: true, mono: true },
  {
    name: "service",
    label: "Service",
    kind: "select",
    createOnly: true,
    options: BILL_SERVICE_CODES.map((code) => ({ value: code, label: SERVICE_LABELS[code] })),
  },
  {
    name: "amountType",
    label: "Amount",
    kind: "select",
    createOnly: true,
    options: [
      { value: "FIXED", label: "Fixed price" },
      { value: "VARIABLE", label: "Variable (the buyer enters it)" },
    ],
  },
  { name: "name", label: "Name", kind: "text" },
  { name: "biller", label: "Biller", kind: "text" },
  { name: "productId", label: "Upstream product id", kind: "text", mono: true },
  { name: "price", label: "Default price (₦)", kind: "naira", showIf: isFixed, hint: "In naira." },
  { name: "costPrice", label: "Cost (₦)", kind: "naira", optional: true, showIf: isFixed, hint: "In naira. Operators only." },
  { name: "minAmount", label: "Minimum amount (₦)", kind: "naira", showIf: (selects) => !isFixed(selects), hint: "In naira." },
  { name: "maxAmount", label: "Maximum amount (₦)", kind: "naira", showIf: (selects) => !isFixed(selects), hint: "In naira." },
  {
    name: "commissionBps",
    label: "Upstream commission (basis points)",
    kind: "whole",
    optional: true,
    showIf: (selects) => !isFixed(selects),
    hint: "250 = 2.5% of the amount. Empty: cost unknown. Operators only.",
  },
  ...UPSTREAM_FIELDS,
  SORT_ORDER,
];

/** A stored record as the form shows it: money in naira, numbers as text, flags as they are. */
export function formInitial(record: object, fields: readonly FormFieldSpec[]): Record<string, string | boolean> {
  const values = record as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((spec) => {
      const value = values[spec.name];
      if (spec.kind === "checkbox") return [spec.name, value === true];
      if (spec.kind === "naira") return [spec.name, typeof value === "bigint" ? nairaInputValue(value) : ""];
      return [spec.name, value === null || value === undefined ? "" : String(value)];
    }),
  );
}

export const NEW_NETWORK = { sortOrder: 0 };
export const NEW_PLAN = { pricingBasis: "SPECIAL", validityDays: 30, class: "SME", sortOrder: 0, isUnlimited: false };
export const NEW_BILL_PRODUCT = { service: "CABLE_TV", amountType: "FIXED", sortOrder: 0 };
