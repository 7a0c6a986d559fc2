/** The account list's state in the address bar (?q=&page=), read the same way on the server and in the browser. */
export function readAccountSearch(params: URLSearchParams): { query: string; page: number } {
  const query = (params.get("q") ?? "").trim().slice(0, 200);
  const page = Number(params.get("page") ?? "1");
  return { query, page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

export function accountSearchHref(query: string, page = 1): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/operator?${search}` : "/operator";
}
