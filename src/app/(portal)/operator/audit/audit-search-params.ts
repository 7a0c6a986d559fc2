/** The audit log's filters in the address bar (?account=&action=), read alike on the server and in the browser. */
export function readAuditFilters(params: URLSearchParams): { account: string; action: string } {
  return {
    account: (params.get("account") ?? "").trim().slice(0, 200),
    action: (params.get("action") ?? "").trim().slice(0, 64),
  };
}

export function auditHref(filters: { account: string; action: string }): string {
  const params = new URLSearchParams();
  if (filters.account) params.set("account", filters.account);
  if (filters.action) params.set("action", filters.action);
  const search = params.toString();
  return search ? `/operator/audit?${search}` : "/operator/audit";
}
