/**
 * The sandbox catalog: the networks, data plans and bill products the embedded sandbox provider
 * sells. Prices are kobo and in the range Nigerian resellers saw in 2025–26; they are demo data, not
 * a price list.
 *
 * Data plans carry both pricing bases on purpose: SME and Corporate bundles are sold at a special
 * (negotiated) price with no published retail price, Gifting bundles are the networks' own retail
 * bundles, sold slightly below their published price. The same bundle has the same productId on
 * every network, so a reseller can map "data-1gb-30d" across networks without reading plan names.
 */
import type { AmountType, PricingBasis, Service } from "~/generated/prisma/enums";
import type { DbClient } from "~/server/db";

const NAIRA = 100n;
const AIRTIME_MIN = 5_000n;
const AIRTIME_MAX = 5_000_000n;
const ELECTRICITY_MIN = 100_000n;
const ELECTRICITY_MAX = 50_000_000n;

export interface SandboxNetwork {
  id: string;
  name: string;
  airtimeMinAmount: bigint;
  airtimeMaxAmount: bigint;
}

export const SANDBOX_NETWORKS: SandboxNetwork[] = [
  { id: "mtn", name: "MTN", airtimeMinAmount: AIRTIME_MIN, airtimeMaxAmount: AIRTIME_MAX },
  { id: "airtel", name: "Airtel", airtimeMinAmount: AIRTIME_MIN, airtimeMaxAmount: AIRTIME_MAX },
  { id: "glo", name: "Glo", airtimeMinAmount: AIRTIME_MIN, airtimeMaxAmount: AIRTIME_MAX },
  { id: "9mobile", name: "9mobile", airtimeMinAmount: AIRTIME_MIN, airtimeMaxAmount: AIRTIME_MAX },
];

export interface SandboxDataPlan {
  id: string;
  networkId: string;
  name: string;
  price: bigint;
  pricingBasis: PricingBasis;
  retailPrice: bigint | null;
  productId: string;
  sizeMb: number | null;
  validityDays: number;
  isUnlimited: boolean;
  class: string;
}

/** A special-price bundle (SME, Corporate): no published retail price. */
function special(networkId: string, productId: string, name: string, naira: bigint, shape: PlanShape): SandboxDataPlan {
  return {
    id: planId(networkId, productId),
    networkId,
    name,
    price: naira * NAIRA,
    pricingBasis: "SPECIAL",
    retailPrice: null,
    productId,
    ...shape,
  };
}

/** A network's own retail bundle, sold to resellers below its published price. */
function retail(networkId: string, productId: string, name: string, naira: bigint, retailNaira: bigint, shape: PlanShape): SandboxDataPlan {
  return {
    id: planId(networkId, productId),
    networkId,
    name,
    price: naira * NAIRA,
    pricingBasis: "RETAIL",
    retailPrice: retailNaira * NAIRA,
    productId,
    ...shape,
  };
}

type PlanShape = Pick<SandboxDataPlan, "sizeMb" | "validityDays" | "isUnlimited" | "class">;

function planId(networkId: string, productId: string): string {
  return `${networkId}-${productId.replace(/^data-/, "")}`;
}

const sized = (sizeMb: number, validityDays: number, planClass: string): PlanShape => ({
  sizeMb,
  validityDays,
  isUnlimited: false,
  class: planClass,
});
const unlimited = (validityDays: number, planClass: string): PlanShape => ({
  sizeMb: null,
  validityDays,
  isUnlimited: true,
  class: planClass,
});

export const SANDBOX_DATA_PLANS: SandboxDataPlan[] = [
  special("mtn", "data-500mb-30d", "MTN 500MB (SME) – 30 days", 150n, sized(500, 30, "SME")),
  special("mtn", "data-1gb-30d", "MTN 1GB (SME) – 30 days", 280n, sized(1024, 30, "SME")),
  special("mtn", "data-2gb-30d", "MTN 2GB (SME) – 30 days", 560n, sized(2048, 30, "SME")),
  special("mtn", "data-5gb-30d", "MTN 5GB (SME) – 30 days", 1_400n, sized(5120, 30, "SME")),
  retail("mtn", "data-1gb-1d", "MTN 1GB (Gifting) – 1 day", 340n, 350n, sized(1024, 1, "Gifting")),
  retail("mtn", "data-10gb-30d", "MTN 10GB (Gifting) – 30 days", 4_365n, 4_500n, sized(10240, 30, "Gifting")),

  special("airtel", "data-500mb-30d", "Airtel 500MB (Corporate) – 30 days", 160n, sized(500, 30, "Corporate")),
  special("airtel", "data-1gb-30d", "Airtel 1GB (Corporate) – 30 days", 300n, sized(1024, 30, "Corporate")),
  special("airtel", "data-2gb-30d", "Airtel 2GB (Corporate) – 30 days", 600n, sized(2048, 30, "Corporate")),
  special("airtel", "data-5gb-30d", "Airtel 5GB (Corporate) – 30 days", 1_500n, sized(5120, 30, "Corporate")),
  retail("airtel", "data-1gb-1d", "Airtel 1GB (Gifting) – 1 day", 340n, 350n, sized(1024, 1, "Gifting")),
  retail("airtel", "data-10gb-30d", "Airtel 10GB (Gifting) – 30 days", 3_880n, 4_000n, sized(10240, 30, "Gifting")),
  retail("airtel", "data-unlimited-30d", "Airtel Unlimited (Gifting) – 30 days", 19_500n, 20_000n, unlimited(30, "Gifting")),

  special("glo", "data-1gb-30d", "Glo 1GB (Corporate) – 30 days", 270n, sized(1024, 30, "Corporate")),
  special("glo", "data-2gb-30d", "Glo 2GB (Corporate) – 30 days", 540n, sized(2048, 30, "Corporate")),
  special("glo", "data-5gb-30d", "Glo 5GB (Corporate) – 30 days", 1_350n, sized(5120, 30, "Corporate")),
  retail("glo", "data-1gb-1d", "Glo 1GB (Gifting) – 1 day", 290n, 300n, sized(1024, 1, "Gifting")),
  retail("glo", "data-10gb-30d", "Glo 10GB (Gifting) – 30 days", 2_910n, 3_000n, sized(10240, 30, "Gifting")),

  special("9mobile", "data-500mb-30d", "9mobile 500MB (Corporate) – 30 days", 140n, sized(500, 30, "Corporate")),
  special("9mobile", "data-1gb-30d", "9mobile 1GB (Corporate) – 30 days", 260n, sized(1024, 30, "Corporate")),
  special("9mobile", "data-2gb-30d", "9mobile 2GB (Corporate) – 30 days", 520n, sized(2048, 30, "Corporate")),
  retail("9mobile", "data-1gb-1d", "9mobile 1GB (Gifting) – 1 day", 290n, 300n, sized(1024, 1, "Gifting")),
  retail("9mobile", "data-10gb-30d", "9mobile 10GB (Gifting) – 30 days", 3_880n, 4_000n, sized(10240, 30, "Gifting")),
];

export interface SandboxBillProduct {
  id: string;
  service: Service;
  productId: string;
  name: string;
  biller: string;
  amountType: AmountType;
  price: bigint | null;
  minAmount: bigint | null;
  maxAmount: bigint | null;
}

function fixed(service: Service, id: string, name: string, biller: string, naira: bigint): SandboxBillProduct {
  return { id, service, productId: id, name, biller, amountType: "FIXED", price: naira * NAIRA, minAmount: null, maxAmount: null };
}

function variable(service: Service, id: string, name: string, biller: string, minAmount: bigint, maxAmount: bigint): SandboxBillProduct {
  return { id, service, productId: id, name, biller, amountType: "VARIABLE", price: null, minAmount, maxAmount };
}

export const SANDBOX_BILL_PRODUCTS: SandboxBillProduct[] = [
  fixed("CABLE_TV", "dstv-padi", "DStv Padi", "DStv", 4_400n),
  fixed("CABLE_TV", "dstv-yanga", "DStv Yanga", "DStv", 6_000n),
  fixed("CABLE_TV", "dstv-confam", "DStv Confam", "DStv", 11_000n),
  fixed("CABLE_TV", "dstv-compact", "DStv Compact", "DStv", 19_000n),
  fixed("CABLE_TV", "dstv-premium", "DStv Premium", "DStv", 44_500n),
  fixed("CABLE_TV", "gotv-smallie", "GOtv Smallie", "GOtv", 1_900n),
  fixed("CABLE_TV", "gotv-jinja", "GOtv Jinja", "GOtv", 3_900n),
  fixed("CABLE_TV", "gotv-jolli", "GOtv Jolli", "GOtv", 5_800n),
  fixed("CABLE_TV", "gotv-max", "GOtv Max", "GOtv", 8_500n),
  fixed("CABLE_TV", "startimes-nova", "Startimes Nova", "Startimes", 1_900n),
  fixed("CABLE_TV", "startimes-basic", "Startimes Basic", "Startimes", 3_700n),
  fixed("CABLE_TV", "startimes-classic", "Startimes Classic", "Startimes", 5_500n),

  variable("ELECTRICITY", "ikeja-electric-prepaid", "Ikeja Electric Prepaid", "Ikeja Electric", ELECTRICITY_MIN, ELECTRICITY_MAX),
  variable("ELECTRICITY", "eko-electric-prepaid", "Eko Electric Prepaid", "Eko Electric", ELECTRICITY_MIN, ELECTRICITY_MAX),
  variable("ELECTRICITY", "abuja-electric-prepaid", "Abuja Electric Prepaid", "Abuja Electric", ELECTRICITY_MIN, ELECTRICITY_MAX),
  variable("ELECTRICITY", "ibadan-electric-prepaid", "Ibadan Electric Prepaid", "Ibadan Electric", ELECTRICITY_MIN, ELECTRICITY_MAX),

  fixed("EDUCATION", "waec-result-checker", "WAEC Result Checker PIN", "WAEC", 3_900n),
  fixed("EDUCATION", "neco-result-token", "NECO Result Checker Token", "NECO", 1_300n),

  fixed("BROADBAND", "spectranet-20gb-30d", "Spectranet 20GB – 30 days", "Spectranet", 7_000n),
  fixed("BROADBAND", "spectranet-50gb-30d", "Spectranet 50GB – 30 days", "Spectranet", 15_000n),
  fixed("BROADBAND", "spectranet-unlimited-30d", "Spectranet Unlimited Lite – 30 days", "Spectranet", 20_000n),
  fixed("BROADBAND", "smile-10gb-30d", "Smile 10GB – 30 days", "Smile", 5_500n),
  fixed("BROADBAND", "smile-25gb-30d", "Smile 25GB – 30 days", "Smile", 11_000n),
  fixed("BROADBAND", "smile-unlimited-30d", "Smile Unlimited Essential – 30 days", "Smile", 20_000n),
];

/**
 * Writes the sandbox catalog, creating what is missing and bringing existing rows back to these
 * definitions (the catalog is code: a changed price here reaches every development database on its
 * next start). Per-account prices live in account_plan_prices and are left alone.
 */
export async function upsertSandboxCatalog(client: DbClient): Promise<void> {
  for (const [index, network] of SANDBOX_NETWORKS.entries()) {
    const data = { ...network, sortOrder: index };
    await client.network.upsert({ where: { id: network.id }, create: data, update: data });
  }
  for (const [index, plan] of SANDBOX_DATA_PLANS.entries()) {
    const data = { ...plan, active: true, sortOrder: index };
    await client.dataPlan.upsert({ where: { id: plan.id }, create: data, update: data });
  }
  for (const [index, product] of SANDBOX_BILL_PRODUCTS.entries()) {
    const data = { ...product, active: true, sortOrder: index };
    await client.billProduct.upsert({ where: { id: product.id }, create: data, update: data });
  }
}
