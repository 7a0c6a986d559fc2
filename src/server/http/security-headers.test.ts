/**
 * The security headers as the production server sends them (src/server/http/security-headers.ts):
 * each kind of response gets its policy, pages get a fresh nonce that Next.js really put on its
 * scripts, a client cannot choose that nonce, and HSTS appears only when the deployment is https.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_FILES } from "~/server/http/security-headers";
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

describe("public/", () => {
  const CONTENT_TYPES: Record<string, RegExp> = {
    ".ico": /^image\/(x-icon|vnd\.microsoft\.icon)/,
    ".svg": /^image\/svg\+xml/,
    ".png": /^image\/png/,
    ".txt": /^text\/plain/,
  };

  it("is every file the server treats as a static asset", () => {
    expect([...PUBLIC_FILES].sort()).toEqual(
      readdirSync("public")
        .map((name) => `/${name}`)
        .sort(),
    );
  });

  it("is served as it is, each file with its type, nosniff and no document policy", async () => {
    for (const path of PUBLIC_FILES) {
      const response = await request(plain.url(path));
      expect(response.status, path).toBe(200);
      expect(String(response.headers["content-type"]), path).toMatch(CONTENT_TYPES[path.slice(path.lastIndexOf("."))]!);
      expect(response.text, path).toBe(readFileSync(`public${path}`, "utf8"));
      expect(Number(response.headers["content-length"]), path).toBe(statSync(`public${path}`).size);
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers["content-security-policy"], path).toBeUndefined();
    }
  });

  it("gives pages their icons, which the page policy lets them load", async () => {
    const page = await request(plain.url("/sign-in"));
    expect(page.text).toMatch(/<link rel="icon" href="\/favicon.ico"/);
    expect(page.text).toMatch(/<link rel="icon" href="\/icon.svg" type="image\/svg\+xml"/);
    expect(page.text).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon.png"/);
    expect(directives(page).get("img-src")).toContain("'self'");
  });

  it("tells crawlers to keep out of the portal and the API but for its reference", async () => {
    const robots = (await request(plain.url("/robots.txt"))).text;
    const rules = robots.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
    expect(rules).toEqual(["User-agent: *", "Allow: /docs", "Allow: /api/v1/openapi.json", "Disallow: /"]);
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
