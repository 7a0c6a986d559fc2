/**
 * Inputs of the operator console's read-only views (account search, account overview, audit log).
 * The console's changes reuse the schemas in ./operator.ts, which the CLI shares. Browser-safe: zod only.
 */
import { z } from "zod";
import { lagosDate } from "./portal-transactions";

export const ACCOUNTS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;

const searchText = z.string().trim().max(200, "must be at most 200 characters");

export const searchAccountsInput = z.object({
  /** Part of the name (any case), or a whole account id. Empty lists every account. */
  query: searchText.default(""),
  page: z.int("must be a whole number").min(1, "must be at least 1").max(100_000, "is too large").default(1),
  pageSize: z.int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(ACCOUNTS_PAGE_SIZE),
});
export type SearchAccountsInput = z.input<typeof searchAccountsInput>;

export const getAccountOverviewInput = z.object({
  accountId: z.string("is required").trim().min(1, "is required"),
  ledgerLimit: z.int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(15),
});
export type GetAccountOverviewInput = z.input<typeof getAccountOverviewInput>;

const auditFilterFields = z.object({
  /** An account id, or part of an account's name (any case). */
  account: searchText.default(""),
  /** A stable verb such as "wallet.fund"; empty for every action. */
  action: z.string().trim().max(64, "must be at most 64 characters").default(""),
  /** Lagos days, both ends inclusive. */
  from: lagosDate.optional(),
  to: lagosDate.optional(),
});

function datesInOrder(filter: { from?: string; to?: string }): boolean {
  return !filter.from || !filter.to || filter.from <= filter.to;
}
const DATES_OUT_OF_ORDER = { path: ["to"], message: "must not be before the start date" };

/** What narrows the audit log, on its page and in its CSV export. */
export const auditLogFilter = auditFilterFields.refine(datesInOrder, DATES_OUT_OF_ORDER);
export type AuditLogFilter = z.output<typeof auditLogFilter>;

export const listAuditLogInput = auditFilterFields
  .extend({
    cursor: z.string().max(200).optional(),
    limit: z.int("must be a whole number").min(1, "must be at least 1").max(100, "must be at most 100").default(AUDIT_PAGE_SIZE),
  })
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
export type ListAuditLogInput = z.input<typeof listAuditLogInput>;
