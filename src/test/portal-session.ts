/**
 * Signing in to the portal over HTTP exactly as the browser does it (next-auth/react's signIn): fetch
 * the CSRF token and its cookie, then post the credentials form with both. For tests that need a real
 * session cookie from the real server.
 */
import { request, type HttpResponse } from "~/test/http";
import type { TestServer } from "~/test/server";

export interface ResponseCookie {
  name: string;
  value: string;
  /** Lower-cased attribute names (httponly, secure, samesite, path, ...) with their values. */
  attributes: Map<string, string>;
}

export function responseCookies(response: HttpResponse): ResponseCookie[] {
  return (response.headers["set-cookie"] ?? []).map((line) => {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const separator = pair.indexOf("=");
    return {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      attributes: new Map(
        attributes.map((attribute) => {
          const [name = "", ...value] = attribute.split("=");
          return [name.toLowerCase(), value.join("=")];
        }),
      ),
    };
  });
}

/** The Cookie header a browser would send back: every cookie that was set and not cleared. */
export function cookieHeader(...responses: HttpResponse[]): string {
  const jar = new Map<string, string>();
  for (const cookie of responses.flatMap(responseCookies)) {
    if (cookie.value === "" || cookie.attributes.get("max-age") === "0") jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export async function fetchCsrf(server: TestServer): Promise<{ csrfToken: string; response: HttpResponse }> {
  const response = await request(server.url("/api/auth/csrf"));
  return { csrfToken: (response.json() as { csrfToken: string }).csrfToken, response };
}

/**
 * Posts the credentials form. `csrfToken: null` leaves the token out of the form; the CSRF cookie is
 * sent whenever `csrfCookie` is given.
 */
export function postCredentials(
  server: TestServer,
  form: { email: string; password: string; csrfToken: string | null },
  csrfCookie: string | null,
): Promise<HttpResponse> {
  const body = new URLSearchParams({ email: form.email, password: form.password, json: "true", callbackUrl: "/dashboard" });
  if (form.csrfToken !== null) body.set("csrfToken", form.csrfToken);
  return request(server.url("/api/auth/callback/credentials"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(csrfCookie ? { cookie: csrfCookie } : {}) },
    body: body.toString(),
  });
}

/** A signed-in browser's cookies, for requests that need a portal session. */
export async function signIn(server: TestServer, email: string, password: string): Promise<{ cookie: string; response: HttpResponse }> {
  const csrf = await fetchCsrf(server);
  const response = await postCredentials(server, { email, password, csrfToken: csrf.csrfToken }, cookieHeader(csrf.response));
  return { cookie: cookieHeader(csrf.response, response), response };
}
