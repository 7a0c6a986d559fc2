/**
 * The query parameter with which an operator names the account a portal page or download is about:
 * `/transactions?account=…`, `/invoices?account=…`, `/api/portal/invoices/2026-11.csv?account=…`
 * (the audit log's `?account=` filter uses the same name). Which account is then acted on is the
 * services' decision (src/server/auth/account-scope.ts): account users always get their own.
 * Browser-safe.
 */
export const ACCOUNT_PARAM = "account";

/** The invoices' old name for it: operators' bookmarks of `/invoices?accountId=…` still open. */
const LEGACY_ACCOUNT_PARAM = "accountId";

type SearchParams = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: SearchParams, key: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : undefined;
}

/** The account named in a portal URL, if any (the old `accountId` too). */
export function accountFromSearchParams(params: SearchParams): string | undefined {
  return read(params, ACCOUNT_PARAM) ?? read(params, LEGACY_ACCOUNT_PARAM);
}

/** `?account=…` for a link, or "" when no account is named. */
export function accountQuery(accountId: string | undefined): string {
  return accountId ? `?${new URLSearchParams({ [ACCOUNT_PARAM]: accountId })}` : "";
}
