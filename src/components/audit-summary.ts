/**
 * What an audit entry changed, in words: a one-line summary and the changed fields, each labelled,
 * before → after. Money is stored in the details as kobo (a string, or a number for the low-balance
 * threshold) and always shown in naira; a field known by its name as money (MONEY_FIELDS) is, wherever
 * it appears. Unknown shapes fall back to the details' own keys and values, so nothing recorded is ever
 * hidden. The log's page and its CSV export both read this.
 */
import { displayEntry } from "~/components/allowlist-entry";
import { formatDate } from "~/components/dates";
import { formatNaira } from "~/components/money";
import { roleLabel } from "~/components/role-label";
import type { Role } from "~/generated/prisma/enums";
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import type { ServiceCode } from "~/schemas/services";

type Details = Record<string, unknown>;

/** One labelled change. `before` absent: a value set where there was none to compare (a new row). */
export interface AuditChange {
  field: string;
  before?: string;
  after: string;
}

export interface AuditDescription {
  summary: string;
  changes: AuditChange[];
}

/** Fields the audited actions record in kobo: catalog rows, prices, fundings, wallets, refunds. */
const MONEY_FIELDS = new Set([
  "price",
  "retailPrice",
  "costPrice",
  "airtimeMinAmount",
  "airtimeMaxAmount",
  "minAmount",
  "maxAmount",
  "amount",
  "balanceAfter",
  "balance",
  "threshold",
]);
/** Fields in basis points of an amount (250 = 2.5%). */
const BASIS_POINT_FIELDS = new Set(["commissionBps", "airtimeCommissionBps"]);

const FIELD_LABELS: Record<string, string> = {
  id: "Id",
  name: "Name",
  price: "Price",
  retailPrice: "Retail price",
  costPrice: "Cost price",
  pricingBasis: "Pricing basis",
  airtimeMinAmount: "Least airtime",
  airtimeMaxAmount: "Most airtime",
  airtimeCommissionBps: "Airtime commission",
  airtimeUpstreamService: "Airtime upstream service",
  minAmount: "Least amount",
  maxAmount: "Most amount",
  commissionBps: "Commission",
  amount: "Amount",
  amountType: "Amount type",
  balanceAfter: "Balance after",
  threshold: "Alert below",
  networkId: "Network",
  productId: "Product id",
  sizeMb: "Size (MB)",
  validityDays: "Validity (days)",
  isUnlimited: "Unlimited",
  class: "Class",
  upstreamService: "Upstream service",
  upstreamCode: "Upstream code",
  active: "On sale",
  sortOrder: "Sort order",
  service: "Service",
  biller: "Biller",
  url: "URL",
  description: "Description",
  eventTypes: "Events",
  enabled: "Enabled",
  livemode: "Live wallet",
  reference: "Reference",
  note: "Note",
};

/** "upstreamCode" → "Upstream code": a field not in the table still reads as words. */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isWholeNumber(value: unknown): value is string | number {
  return (typeof value === "string" && /^-?\d+$/.test(value)) || (typeof value === "number" && Number.isInteger(value));
}

/** A recorded value as a person reads it, by the field it belongs to. */
export function formatAuditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (MONEY_FIELDS.has(field) && isWholeNumber(value)) return formatNaira(BigInt(value));
  if (BASIS_POINT_FIELDS.has(field) && isWholeNumber(value)) return `${Number(value) / 100}%`;
  if (field === "pricingBasis" && typeof value === "string") return value === "RETAIL" ? "Retail" : value === "SPECIAL" ? "Special" : value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ") || "none";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function money(value: unknown): string {
  return formatAuditValue("amount", value);
}

function role(value: unknown): string {
  return value === "OPERATOR" || value === "OWNER" || value === "STAFF" ? roleLabel(value as Role) : text(value);
}

function isObject(value: unknown): value is Details {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function joined(parts: string[]): string {
  return parts.filter(Boolean).join(" · ");
}

/** Each field of a new row that has a value. */
function valuesSet(row: Details): AuditChange[] {
  return Object.entries(row)
    .filter(([field, value]) => field !== "id" && value !== null && value !== undefined && value !== "")
    .map(([field, value]) => ({ field: fieldLabel(field), after: formatAuditValue(field, value) }));
}

/** The fields that differ between two recorded states (either may be null: nothing before, or removed). */
function difference(before: Details | null, after: Details | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null))
    .map((field) => ({
      field: fieldLabel(field),
      before: formatAuditValue(field, before?.[field]),
      after: formatAuditValue(field, after?.[field]),
    }));
}

/** A catalog edit's `changes`: { field: { before, after } }. */
function recordedChanges(changes: unknown): AuditChange[] {
  if (!isObject(changes)) return [];
  return Object.entries(changes).map(([field, change]) => {
    const { before, after } = isObject(change) ? change : { before: undefined, after: change };
    return { field: fieldLabel(field), before: formatAuditValue(field, before), after: formatAuditValue(field, after) };
  });
}

/** A price as stored ({ price, pricingBasis } or null for "no price of its own"): both shown whenever either changed. */
function priceChanges(before: unknown, after: unknown): AuditChange[] {
  const previous = isObject(before) ? before : null;
  const next = isObject(after) ? after : null;
  const changes = difference(previous, next);
  return changes.length > 0 ? changes : [{ field: "Price", before: "none", after: "none" }];
}

function pricedItem(item: unknown, targetType: string | null, targetId: string | null): string {
  if (isObject(item)) {
    if (typeof item.planId === "string") return `Data plan ${item.planId}`;
    if (typeof item.productId === "string") return `Bill product ${item.productId}`;
  }
  if (targetType === "plan") return `Data plan ${text(targetId)}`;
  if (targetType === "bill_product") return `Bill product ${text(targetId)}`;
  return text(targetId);
}

function fallback(details: Details): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([field, value]) => `${fieldLabel(field)}: ${formatAuditValue(field, value)}`)
    .join(" · ");
}

const CATALOG_KINDS: Record<string, string> = { network: "Network", plan: "Data plan", bill_product: "Bill product" };

/** An upstream's floor: "none" for 0 (no floor). */
function floorText(value: unknown): string {
  return value === "0" || value === 0 ? "none" : money(value);
}

/** A routed product as its audit target names it ("AIRTIME:mtn"): "MTN airtime" is not known here, so "Airtime mtn". */
function routedProduct(targetId: string | null): string {
  const [service = "", productCode = ""] = (targetId ?? "").split(":");
  const kind =
    service === "AIRTIME" ? "Airtime" : service === "DATA" ? "Data plan" : `${SERVICE_LABELS[service as ServiceCode] ?? service} product`;
  return productCode ? `${kind} ${productCode}` : text(targetId);
}

/** A product's routes in order, one line: "1. vtpass (mtn) 3% · 2. clubkonnect (01, 1000.0) ₦230.00, off"; "none" for none. */
function routesText(routes: unknown): string {
  if (!Array.isArray(routes) || routes.length === 0) return "none";
  return routes
    .map((route: unknown, index) => {
      if (!isObject(route)) return text(route);
      const names = [route.upstreamService, route.upstreamCode].filter((name) => typeof name === "string" && name !== "").join(", ");
      const cost =
        route.costPrice !== null && route.costPrice !== undefined
          ? formatAuditValue("costPrice", route.costPrice)
          : route.commissionBps !== null && route.commissionBps !== undefined
            ? formatAuditValue("commissionBps", route.commissionBps)
            : "no cost";
      return `${index + 1}. ${text(route.provider)}${names ? ` (${names})` : ""} ${cost}${route.enabled === false ? ", off" : ""}`;
    })
    .join(" · ");
}

export function describeAudit(entry: {
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: unknown;
}): AuditDescription {
  const details: Details = isObject(entry.details) ? entry.details : {};
  const summary = (line: string, changes: AuditChange[] = []): AuditDescription => ({ summary: line, changes });
  const [kind, verb] = entry.action.split(".");

  if (kind && CATALOG_KINDS[kind] && (verb === "created" || verb === "updated")) {
    const what = `${CATALOG_KINDS[kind]} ${text(entry.targetId)}`;
    return verb === "created"
      ? summary(what, isObject(details.after) ? valuesSet(details.after) : [])
      : summary(what, recordedChanges(details.changes));
  }

  switch (entry.action) {
    case "wallet.fund":
      return summary(
        joined([
          `${money(details.amount)} credited`,
          details.reference ? `reference ${text(details.reference)}` : "no reference",
          details.balanceAfter !== undefined ? `balance after ${money(details.balanceAfter)}` : "",
          details.note ? `note “${text(details.note)}”` : "",
        ]),
      );
    case "test_wallet.top_up":
      return summary(joined([`${money(details.amount)} added to the test wallet`, `balance after ${money(details.balanceAfter)}`]));
    case "test_wallet.reset":
      return summary("Test wallet balance set", [
        { field: "Test wallet balance", before: money(details.before), after: money(details.after) },
      ]);
    case "test_wallet.simulated_transfer":
      return summary(
        joined([`${money(details.amount)} simulated transfer`, details.reference ? `reference ${text(details.reference)}` : ""]),
      );
    case "bank_transfer.assign":
    case "bank_transfer.return":
      return summary(
        joined([
          money(details.amount),
          details.reference ? `reference ${text(details.reference)}` : "",
          details.note ? `note “${text(details.note)}”` : "",
        ]),
      );
    case "wallet.set_low_balance_threshold":
      return summary(details.livemode === false ? "Test wallet" : "Live wallet", [
        { field: "Alert below", after: details.threshold === null ? "off" : money(details.threshold) },
      ]);
    case "transaction.upstream_reversal":
      return summary(
        joined([
          `${money(details.amount)} refunded`,
          entry.targetId ? `transaction ${entry.targetId}` : "",
          details.reason ? text(details.reason) : "",
          details.providerReference ? `provider reference ${text(details.providerReference)}` : "",
        ]),
      );
    case "price.account_set":
      return summary(pricedItem(null, entry.targetType, entry.targetId), priceChanges(details.before, details.after));
    case "price_list.price_set":
      return summary(
        joined([pricedItem(details.item, null, null), details.priceList ? `on price list “${text(details.priceList)}”` : ""]),
        priceChanges(details.before, details.after),
      );
    case "price_list.created":
      return summary(`Price list “${text(details.name)}”`);
    case "price_list.renamed":
      return summary("Price list", [{ field: "Name", before: text(details.before), after: text(details.after) }]);
    case "price_list.assigned":
      return summary(details.priceList ? `Now on price list “${text(details.priceList)}”` : "Taken off its price list");
    case "webhook_endpoint.update":
      return summary(
        "Webhook endpoint",
        difference(isObject(details.before) ? details.before : null, isObject(details.after) ? details.after : null),
      );
    case "allowlist.add":
    case "allowlist.remove":
      return summary(typeof details.entry === "string" ? displayEntry(details.entry) : text(entry.targetId));
    case "allowlist.require":
      return summary(details.allowlistOptIn ? "Now required (opted in)" : "No longer required");
    case "catalog.set":
      return summary(details.onProductCatalog ? "Now on the product catalog" : "Taken off the product catalog");
    case "key.create":
    case "key.revoke":
      return summary(`Key “${text(details.name)}”`);
    case "user.create":
    case "user.disable":
    case "user.enable":
      return summary(joined([text(details.email), role(details.role)]));
    case "account.create":
      return summary(
        joined([
          text(details.name),
          details.createdAt ? `created ${formatDate(text(details.createdAt))}` : "",
          details.onProductCatalog ? "on the product catalog" : "",
        ]),
      );
    case "routes.set":
      // Entries written before the list before the change was recorded have no `before`: the new list alone.
      return summary(routedProduct(entry.targetId), [
        details.before === undefined
          ? { field: "Routes", after: routesText(details.routes) }
          : { field: "Routes", before: routesText(details.before), after: routesText(details.routes) },
      ]);
    case "route.disable":
    case "route.enable":
      return summary(joined([`${routedProduct(entry.targetId)}, route to ${text(details.provider)}`, text(details.reason)]));
    case "route.cost":
      return summary(
        `${routedProduct(entry.targetId)}, route to ${text(details.provider)}`,
        difference(isObject(details.before) ? details.before : null, isObject(details.after) ? details.after : null),
      );
    case "upstream.disable":
    case "upstream.enable":
      return summary(joined([text(entry.targetId), details.reason ? `reason “${text(details.reason)}”` : ""]));
    case "upstream.alert":
      return summary(joined([text(details.problem), entry.targetId ? `met by transaction ${entry.targetId}` : ""]));
    case "upstream.floor":
      return summary(
        joined([
          text(entry.targetId),
          details.belowFloor === true && details.belowFloorBefore !== true
            ? `its last balance read, ${money(details.balance)}, is below it: no routed order goes there`
            : "",
          details.belowFloor === false && details.belowFloorBefore === true
            ? "its last balance read is not below it: it takes orders again"
            : "",
        ]),
        [{ field: "Floor", before: floorText(details.before), after: floorText(details.after) }],
      );
    case "upstream.below_floor":
      return summary(
        `${text(entry.targetId)}: balance ${money(details.balance)}, below its floor of ${money(details.floor)}: no routed order goes there`,
      );
    case "upstream.above_floor":
      return summary(
        `${text(entry.targetId)}: balance ${money(details.balance)}, at or above its floor of ${money(details.floor)}: it takes orders again`,
      );
    default: {
      const target = entry.targetType && entry.targetId ? `${entry.targetType} ${entry.targetId}` : "";
      if (isObject(details.before) || isObject(details.after)) {
        return summary(
          target || "—",
          difference(isObject(details.before) ? details.before : null, isObject(details.after) ? details.after : null),
        );
      }
      return summary(joined([target, fallback(details)]) || "—");
    }
  }
}

/** A change on one line: "Price: ₦700.00 → ₦800.00", or "Price: ₦800.00" for a value newly set. */
export function changeText(change: AuditChange): string {
  return change.before === undefined ? `${change.field}: ${change.after}` : `${change.field}: ${change.before} → ${change.after}`;
}
