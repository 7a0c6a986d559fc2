/**
 * The security headers as the production server sends them (src/server/http/security-headers.ts):
 * each kind of response gets its policy, pages get a fresh nonce that Next.js really put on its
 * scripts, a client cannot choose that nonce, and HSTS appears only when the deployment is https.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { request, type HttpResponse } from "~/test/http";
import { startTestServer, type TestServer } from "~/test/server";

let plain: TestServer;
let behindTls: TestServer;

beforeAll(async () => {
  [plain, behindTls] = await Promise.all([
    startTestServer(),
    // What a deployment behind a TLS-terminating proxy sets; this process itself still speaks http.
    startTestServer({ NEXTAUTH_URL: "https://portal.example.test" }),
  ]);
}, 120_000);

function directives(response: HttpResponse): Map<string, string> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values.join(" ")];
      }),
  );
}

function expectCommonHeaders(response: HttpResponse) {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(response.headers["permissions-policy"]).toContain("camera=()");
}

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

describe("portal pages", () => {
  it("carry a nonce-based policy, and Next.js put that nonce on every script of the page", async () => {
    const response = await request(plain.url("/sign-in"));
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    const policy = directives(response);
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'self'");
    expect(policy.get("form-action")).toBe("'self'");
    expect(policy.get("script-src")).toContain("'strict-dynamic'");
    expect(policy.get("script-src")).not.toContain("unsafe-inline");
    expect(policy.get("script-src")).not.toContain("unsafe-eval");
    expect(policy.has("upgrade-insecure-requests")).toBe(false);

    const nonce = NONCE.exec(policy.get("script-src")!)?.[1];
    expect(nonce).toBeDefined();
    const scripts = [...response.text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  it("never let the sign-in form put a password in a URL, even submitted before its script runs", async () => {
    const response = await request(plain.url("/sign-in"));
    expect(response.text).toMatch(/<form\b[^>]*\bmethod="post"/);
  });

  it("get a new nonce on every request", async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => NONCE.exec(String((await request(plain.url("/sign-in"))).headers["content-security-policy"]))?.[1]),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  it("ignore a Content-Security-Policy request header: a client cannot pick the nonce its page renders with", async () => {
    const response = await request(plain.url("/sign-in"), {
      headers: { "content-security-policy": "script-src 'nonce-Y2hvc2VuLWJ5LWNsaWVudA=='" },
    });
    expect(response.text).not.toContain("Y2hvc2VuLWJ5LWNsaWVudA==");
    const nonce = NONCE.exec(String(response.headers["content-security-policy"]))?.[1];
    expect(response.text).toContain(`nonce="${nonce}"`);
  });

  it("include the 404 page, rendered per request like the others", async () => {
    const response = await request(plain.url("/no-such-page"));
    expect(response.status).toBe(404);
    expectCommonHeaders(response);
    const nonce = NONCE.exec(String(response.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeDefined();
    expect(response.text).toContain(`nonce="${nonce}"`);
  });
});

describe("the API", () => {
  it("answers with a policy that lets nothing load or frame it, on success and on error", async () => {
    for (const path of ["/api/v1/openapi.json", "/api/v1/balance", "/api/v1/no-such-endpoint", "/api/auth/csrf"]) {
      const response = await request(plain.url(path));
      expectCommonHeaders(response);
      const policy = directives(response);
      expect(policy.get("default-src"), path).toBe("'none'");
      expect(policy.get("frame-ancestors"), path).toBe("'none'");
    }
  });

  it("keeps its headers on the answers the server gives before Next.js sees the request", async () => {
    const response = await request(plain.url("/api/v1/%E0%A4%A"));
    expect(response.status).toBe(400);
    expectCommonHeaders(response);
    expect(directives(response).get("default-src")).toBe("'none'");
  });
});

describe("/docs", () => {
  it("gets Scalar's policy: scripts from this host only, nothing framed", async () => {
    const response = await request(plain.url("/docs"));
    expectCommonHeaders(response);
    const policy = directives(response);
    expect(policy.get("script-src")).toBe("'self'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("connect-src")).toBe("'self'");
  });
});

describe("static files", () => {
  it("are nosniff but carry no document policy", async () => {
    const page = await request(plain.url("/sign-in"));
    const script = /<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const response = await request(plain.url(script!));
    expect(response.status).toBe(200);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("HSTS", () => {
  it("is sent only when the public URL is https, with upgrade-insecure-requests in the page policy", async () => {
    for (const path of ["/sign-in", "/api/v1/balance"]) {
      expect((await request(plain.url(path))).headers["strict-transport-security"], path).toBeUndefined();
      expect((await request(behindTls.url(path))).headers["strict-transport-security"], path).toBe("max-age=31536000");
    }
    expect(directives(await request(behindTls.url("/sign-in"))).has("upgrade-insecure-requests")).toBe(true);
  });
});
