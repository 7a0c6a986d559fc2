/**
 * The portal's transaction filters: one schema for the tRPC list, the CSV export's query string and
 * the page's URL (so a filtered view can be shared or reloaded). Browser-safe: zod only.
 *
 * Dates are calendar days in Africa/Lagos, both ends inclusive (a person choosing "to 31 May" means
 * the whole of 31 May); the service turns them into instants.
 */
import { z } from "zod";
import { ACCOUNT_PARAM } from "./account-param";
import { isStorableInstant, STORABLE_RANGE_MESSAGE } from "./fields";
import { API_SERVICE_NAMES, type ServiceCode } from "./services";

export const SERVICE_CODES = Object.keys(API_SERVICE_NAMES) as [ServiceCode, ...ServiceCode[]];
export const STATUS_CODES = ["PENDING", "SUCCESSFUL", "FAILED"] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

/** How services are named to people (the API's names are for machines: "CableTv"). */
export const SERVICE_LABELS: Record<ServiceCode, string> = {
  DATA: "Data",
  AIRTIME: "Airtime",
  CABLE_TV: "Cable TV",
  ELECTRICITY: "Electricity",
  EDUCATION: "Education",
  BROADBAND: "Broadband",
};

/** The same names for a service as the API spells it ("CableTv" → "Cable TV"). */
export const SERVICE_LABELS_BY_API_NAME = Object.fromEntries(
  SERVICE_CODES.map((code) => [API_SERVICE_NAMES[code], SERVICE_LABELS[code]]),
) as Record<(typeof API_SERVICE_NAMES)[ServiceCode], string>;

/** A calendar day in Africa/Lagos, as the portal's date filters take it (the transactions, the audit log). */
export const lagosDate = z.iso.date("must be a date such as 2026-05-31").refine(isStorableInstant, STORABLE_RANGE_MESSAGE);

export const transactionFilter = z
  .object({
    service: z.enum(SERVICE_CODES, "must be one of the services").optional(),
    status: z.enum(STATUS_CODES, "must be pending, successful or failed").optional(),
    from: lagosDate.optional(),
    to: lagosDate.optional(),
    /**
     * Anything the detail page identifies a purchase by: the start of a client or provider reference,
     * any part of a recipient (a phone number written any way, its last digits) or a customer's name,
     * a whole transaction id (the service's searchCondition).
     */
    search: z.string("must be text").trim().max(100, "must be at most 100 characters").optional(),
    /** Operators only: whose transactions. Account users always see their own account. */
    accountId: z.uuid("must be an account id").optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    path: ["to"],
    message: "must not be before the start date",
  });
export type TransactionFilter = z.infer<typeof transactionFilter>;

/** A page of the portal's lists, and how far "Load more" may go (the list's length is in its URL, `shown`). */
export const TRANSACTIONS_PAGE_SIZE = 25;
export const MAX_SHOWN_TRANSACTIONS = 500;

export const listPortalTransactionsInput = z.object({
  filter: transactionFilter.default({}),
  limit: z.int().min(1).max(MAX_SHOWN_TRANSACTIONS).default(TRANSACTIONS_PAGE_SIZE),
  cursor: z.string().max(200).nullish(),
});
export type ListPortalTransactionsInput = z.input<typeof listPortalTransactionsInput>;

/**
 * The fewest characters an operator's search of every account takes (a whole transaction id aside):
 * fewer would match a large part of millions of transactions. Equal to the service's CONTAINS_SEARCH_MIN.
 */
export const ACROSS_ACCOUNTS_SEARCH_MIN = 3;

/** The operator console's search of every account's transactions (live ones: support's questions are about real money). */
const acrossAccountsFilter = transactionFilter
  .default({})
  .refine((filter) => !filter.search || filter.search.length >= ACROSS_ACCOUNTS_SEARCH_MIN, {
    path: ["search"],
    message: `must be at least ${ACROSS_ACCOUNTS_SEARCH_MIN} characters to search every account`,
  });
export const searchTransactionsInput = listPortalTransactionsInput.extend({ filter: acrossAccountsFilter });
export type SearchTransactionsInput = z.input<typeof searchTransactionsInput>;

/**
 * How many transactions a list's filter matches, asked apart from the list (up to the service's
 * COUNT_CAP): counting can take longer than a page, and the page must not wait for it.
 */
export const countPortalTransactionsInput = z.object({ filter: transactionFilter.default({}) });
export type CountPortalTransactionsInput = z.input<typeof countPortalTransactionsInput>;
export const countSearchedTransactionsInput = z.object({ filter: acrossAccountsFilter });
export type CountSearchedTransactionsInput = z.input<typeof countSearchedTransactionsInput>;

/** The URL parameter holding how many rows a list shows, so a reload or Back returns to the same place. */
export const SHOWN_PARAM = "shown";

/** `?shown=` as a whole number of pages between one and MAX_SHOWN_TRANSACTIONS; anything else is one page. */
export function shownFromSearchParams(params: URLSearchParams | Record<string, string | string[] | undefined>): number {
  const value = params instanceof URLSearchParams ? params.get(SHOWN_PARAM) : params[SHOWN_PARAM];
  const shown = Number(Array.isArray(value) ? value[0] : value);
  if (!Number.isInteger(shown) || shown <= TRANSACTIONS_PAGE_SIZE) return TRANSACTIONS_PAGE_SIZE;
  return Math.min(MAX_SHOWN_TRANSACTIONS, Math.ceil(shown / TRANSACTIONS_PAGE_SIZE) * TRANSACTIONS_PAGE_SIZE);
}

/** The URL query names of the filter fields (`q` reads better in an address than `search`). */
const URL_KEYS = { service: "service", status: "status", from: "from", to: "to", search: "q", accountId: ACCOUNT_PARAM } as const;
type UrlFilterKey = keyof typeof URL_KEYS;

const FIELD_NAMES: Record<UrlFilterKey, string> = {
  service: "service",
  status: "status",
  from: "start date",
  to: "end date",
  search: "search",
  accountId: "account",
};

/** Enum codes read better lower-case in an address: `?status=pending&service=cable_tv`. */
const CODE_FIELDS = new Set<UrlFilterKey>(["service", "status"]);

/** The filter fields named in URL parameters, as sent (unvalidated); blank values are left out. */
export function rawFilterFromSearchParams(
  params: URLSearchParams | Record<string, string | string[] | undefined>,
): Partial<Record<UrlFilterKey, string>> {
  const raw: Partial<Record<UrlFilterKey, string>> = {};
  for (const [field, key] of Object.entries(URL_KEYS) as [UrlFilterKey, string][]) {
    const value = params instanceof URLSearchParams ? params.get(key) : params[key];
    const text = Array.isArray(value) ? value[0] : value;
    if (text === undefined || text === null || text.trim() === "") continue;
    raw[field] = CODE_FIELDS.has(field) ? text.trim().toUpperCase() : text.trim();
  }
  return raw;
}

/**
 * Reads a filter from the page's URL, keeping every field that is valid and naming the rest, so a
 * hand-edited or stale link still shows something sensible instead of an error page.
 */
export function filterFromSearchParams(params: URLSearchParams | Record<string, string | string[] | undefined>): {
  filter: TransactionFilter;
  problems: string[];
} {
  const raw = rawFilterFromSearchParams(params);
  const parsed = transactionFilter.safeParse(raw);
  if (parsed.success) return { filter: parsed.data, problems: [] };
  const kept = { ...raw };
  const problems: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as UrlFilterKey | undefined;
    if (field && field in kept) {
      delete kept[field];
      problems.push(`The ${FIELD_NAMES[field]} ${issue.message}, so it was left out.`);
    }
  }
  return { filter: transactionFilter.parse(kept), problems };
}

/** The URL query of a filter (only the fields that are set), for links, the address bar and the CSV export. */
export function filterToSearchParams(filter: TransactionFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, key] of Object.entries(URL_KEYS) as [UrlFilterKey, string][]) {
    const value = filter[field];
    if (value) params.set(key, CODE_FIELDS.has(field) ? value.toLowerCase() : value);
  }
  return params;
}
