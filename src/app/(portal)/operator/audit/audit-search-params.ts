/** The audit log's filters in the address bar (?account=&action=&from=&to=), read alike on the server and in the browser. */
export interface AuditFilters {
  account: string;
  action: string;
  /** Lagos days (YYYY-MM-DD), both inclusive; empty for no bound. */
  from: string;
  to: string;
}

function day(value: string | null): string {
  const trimmed = (value ?? "").trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? trimmed : "";
}

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  return {
    account: (params.get("account") ?? "").trim().slice(0, 200),
    action: (params.get("action") ?? "").trim().slice(0, 64),
    from: day(params.get("from")),
    to: day(params.get("to")),
  };
}

/** The filters as a query string ("" for none), shared by the page's address and its CSV download. */
export function auditQuery(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const key of ["account", "action", "from", "to"] as const) if (filters[key]) params.set(key, filters[key]);
  return params.toString();
}

/** The filters as the input of the log's query: a bound left empty is no bound. */
export function auditInput(filters: AuditFilters): { account: string; action: string; from?: string; to?: string } {
  return {
    account: filters.account,
    action: filters.action,
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

export function auditHref(filters: AuditFilters): string {
  const search = auditQuery(filters);
  return search ? `/operator/audit?${search}` : "/operator/audit";
}
