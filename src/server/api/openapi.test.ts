/**
 * The OpenAPI document and /docs over real sockets against the production server: served without a
 * key, valid OpenAPI 3.1, covering the contract's endpoints and every route handler on disk, and a
 * reference page that loads nothing from another host.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createBatchInput } from "~/schemas/batches";
import { payBillInput, purchaseAirtimeInput, purchaseDataInput, verifyCustomerInput } from "~/schemas/purchases";
import {
  createWebhookEndpointInput,
  lowBalanceThresholdInput,
  resendFailedWebhooksInput,
  rotateWebhookSecretInput,
  updateWebhookEndpointInput,
} from "~/schemas/webhooks";
import { simulateTransferInput } from "~/schemas/funding";
import { request } from "~/test/http";
import { startTestServer, type TestServer } from "~/test/server";
import { API_CHANGELOG } from "./api-changelog";
import { ENDPOINTS } from "./endpoints";
import { ERROR_TABLE } from "~/server/errors";

/** The 403s an operation's service answers, after the key, the allowlist and the rate limit's count. */
const OPERATION_FORBIDDEN = Object.entries(ERROR_TABLE)
  .filter(([name, { status }]) => status === 403 && !name.startsWith("ip."))
  .map(([name]) => name);

interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { headers?: Record<string, unknown>; description: string }>;
  "x-codeSamples"?: { lang: string; source: string }[];
}
interface Document {
  openapi: string;
  info: { description: string; license?: { name: string; url?: string; identifier?: string } };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<
    string,
    Record<string, Operation & { requestBody: { required?: boolean; content: Record<string, { schema: unknown }> } }>
  >;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string }>;
    headers: Record<string, { required?: boolean }>;
  };
}

/**
 * The contract's endpoint table, read from DESIGN.md §3.2 itself (rows `| GET | /api/v1/... |`), so the
 * document is held to the contract as written, not to a copy of it kept here.
 */
const DESIGN = readFileSync("DESIGN.md", "utf8");
const CONTRACT = [...DESIGN.matchAll(/^\| (GET|POST) \| (\/api\/v1\/\S+) \|/gm)].map(([, method, route]) => `${method} ${route}`);

/**
 * The paths DESIGN.md §7 ("Additions after v1") adds to the API, read from its text as well: every
 * `/api/v1/...` it names in code (`/api/v1/webhook-endpoints`, `GET /api/v1/events`,
 * `GET /api/v1/fundings?from=&to=`). An endpoint the document has beyond the table must be one of these
 * paths or under one of them. Those of §7.1 ("Additions being built") may be documented before all of
 * them are built; the rest of §7 must be.
 */
const pathsNamedIn = (text: string) => [...text.matchAll(/`(?:[A-Z]+ )?(\/api\/v1\/[^`\s?]+)(?:\?[^`]*)?`/g)].map(([, route]) => route!);
const [SECTION_7 = "", BEING_BUILT = ""] = (DESIGN.split(/^## 7\./m)[1] ?? "").split(/^### 7\.1 /m);
const BUILT_ADDITIONS = pathsNamedIn(SECTION_7);
const ADDITIONS = [...BUILT_ADDITIONS, ...pathsNamedIn(BEING_BUILT)];

const API_DIR = "src/app/api/v1";
const HTTP_METHODS = "GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS";

/** Every route handler under src/app/api/v1 as "METHOD /api/v1/path", `[param]` written `{param}`. */
function routeHandlersOnDisk(): string[] {
  const files = readdirSync(API_DIR, { recursive: true, encoding: "utf8" }).filter((file) => path.basename(file) === "route.ts");
  return files.flatMap((file) => {
    const segments = path
      .dirname(file)
      .split(path.sep)
      .filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment))
      .map((segment) => segment.replace(/^\[(?:\.\.\.)?(.+)\]$/, "{$1}"));
    const routePath = ["/api/v1", ...segments].join("/");
    const text = readFileSync(path.join(API_DIR, file), "utf8");
    const methods = new Set<string>();
    const exported = new RegExp(`export\\s+(?:const|(?:async\\s+)?function)\\s+(${HTTP_METHODS})\\b|\\bas\\s+(${HTTP_METHODS})\\b`, "g");
    for (const match of text.matchAll(exported)) methods.add((match[1] ?? match[2])!);
    expect(methods.size, `${file} exports no HTTP method`).toBeGreaterThan(0);
    return [...methods].map((method) => `${method} ${routePath}`);
  });
}

/**
 * The documented paths a route on disk serves, matched segment by segment; a dynamic segment may
 * carry a suffix in the document (`{period}.csv` and `{period}.pdf` are both served by one `[file]`
 * folder that reads the extension).
 */
function documentedPathsFor(document: Document, routePath: string): string[] {
  const routeSegments = routePath.split("/");
  return Object.keys(document.paths).filter((documented) => {
    const documentedSegments = documented.split("/");
    return (
      documentedSegments.length === routeSegments.length &&
      routeSegments.every((segment, index) => {
        const other = documentedSegments[index]!;
        return segment.startsWith("{") ? /^\{[^}]+\}(?:\.\w+)?$/.test(other) : segment === other;
      })
    );
  });
}

function operations(document: Document): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([documentedPath, item]) =>
    Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${documentedPath}`, operation] as [string, Operation]),
  );
}

let server: TestServer;
/** A deployment that configured its public URL. */
let configured: TestServer;
const PUBLIC_URL = "https://api.reseller.example";
let document: Document;
beforeAll(async () => {
  [server, configured] = await Promise.all([
    startTestServer({ DATABASE_URL: process.env.DATABASE_URL! }),
    startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, NEXTAUTH_URL: `${PUBLIC_URL}/` }),
  ]);
  document = (await request(server.url("/api/v1/openapi.json"))).json() as Document;
}, 60_000);

const serversOf = async (on: TestServer, headers: Record<string, string> = {}, host?: string) =>
  ((await request(on.url("/api/v1/openapi.json", host), { headers })).json() as Document).servers.map((entry) => entry.url);

describe("GET /api/v1/openapi.json", () => {
  it("is served without an API key, as OpenAPI 3.1 JSON with a request id and cache validators", async () => {
    const response = await request(server.url("/api/v1/openapi.json"));
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["x-request-id"]).toBeTruthy();
    expect(response.headers["cache-control"]).toMatch(/max-age=\d+/);
    const body = response.json() as Document;
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.servers).toEqual([expect.objectContaining({ url: new URL(server.url("/")).origin })]);

    const etag = response.headers.etag;
    expect(etag).toBeTruthy();
    const again = await request(server.url("/api/v1/openapi.json"), { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("names as its server the origin it was asked on, or the configured public URL; never a forwarded one", async () => {
    const port = new URL(server.url("/")).port;
    expect(await serversOf(server)).toEqual([`http://127.0.0.1:${port}`]);
    expect(await serversOf(server, {}, "::1")).toEqual([`http://[::1]:${port}`]);
    expect(await serversOf(server, { host: "API.Example.test:8080" })).toEqual(["http://api.example.test:8080"]);
    expect(await serversOf(server, { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" })).toEqual([
      `http://127.0.0.1:${port}`,
    ]);
    expect(await serversOf(server, { host: "user@evil.example" })).toEqual(["/"]);
    expect(await serversOf(configured, { host: "internal-host:3000", "x-forwarded-host": "evil.example" })).toEqual([PUBLIC_URL]);

    // Deterministic per origin: one ETag per server URL, each revalidating.
    const [first, again, other] = await Promise.all([
      request(server.url("/api/v1/openapi.json")),
      request(server.url("/api/v1/openapi.json")),
      request(server.url("/api/v1/openapi.json", "::1")),
    ]);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(other.headers.etag).not.toBe(first.headers.etag);
    const revalidated = await request(server.url("/api/v1/openapi.json", "::1"), { headers: { "if-none-match": other.headers.etag! } });
    expect(revalidated.status).toBe(304);
  });

  it("types the plan fields that can be null as nullable, so generated clients type them `T | null`", () => {
    const plan = (
      document.components as unknown as {
        schemas: Record<string, { properties: Record<string, { type?: unknown; description?: string }> }>;
      }
    ).schemas.Plan!;
    for (const field of ["retailPrice", "productId", "sizeMb", "validityDays", "isUnlimited", "class"]) {
      expect(plan.properties[field]?.type, field).toEqual([expect.any(String), "null"]);
    }
    // Why an unlimited bundle answers null, where a reader of the field looks.
    expect(plan.properties.sizeMb?.description).toContain("`isUnlimited` is true");
  });

  it("names its licence", () => {
    expect(document.info.license).toEqual({ name: "Proprietary" });
  });

  it("documents the RateLimit headers on every answer that follows the count, required only on 429", () => {
    const resolve = (header: unknown) => {
      const ref = (header as { $ref?: string } | undefined)?.$ref;
      return ref ? document.components.headers[ref.replace("#/components/headers/", "")] : (header as { required?: boolean } | undefined);
    };
    for (const [key, operation] of operations(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) {
          const header = resolve(response.headers?.[name]);
          const where = `${key} ${status} ${name}`;
          // A 403 comes before the count (the allowlist), except an operation's own (funding.test_mode_only,
          // invoice.live_only: refused by the service, after the count), which may carry them.
          const ownForbidden = status === "403" && OPERATION_FORBIDDEN.some((name) => JSON.stringify(response).includes(name));
          if (key === "GET /api/v1/openapi.json" || status === "401" || (status === "403" && !ownForbidden))
            expect(header, where).toBeUndefined();
          else {
            expect(header, where).toBeDefined();
            // Always sent with a 429; elsewhere absent when API_RATE_LIMIT=0 turns limits off.
            expect(header?.required === true, where).toBe(status === "429");
          }
        }
      }
    }
  });

  it("is also served with a bad key: the document is public", async () => {
    const response = await request(server.url("/api/v1/openapi.json"), { headers: { authorization: "Bearer nonsense" } });
    expect(response.status).toBe(200);
  });

  it("passes the OpenAPI 3.1 schema validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every endpoint of the contract, and beyond it only the additions DESIGN.md §7 names", () => {
    expect(CONTRACT).toHaveLength(13);
    expect(BUILT_ADDITIONS).toEqual(["/api/v1/webhook-endpoints", "/api/v1/events"]);
    expect(ADDITIONS).toEqual(expect.arrayContaining(["/api/v1/funding-accounts", "/api/v1/fundings"]));
    const documented = operations(document).map(([key]) => key);
    expect(documented).toEqual(expect.arrayContaining(CONTRACT));
    const beyond = documented.filter((key) => !CONTRACT.includes(key));
    for (const key of beyond) {
      const route = key.split(" ")[1]!;
      expect(
        ADDITIONS.some((addition) => route === addition || route.startsWith(`${addition}/`)),
        `${key} is neither in the contract's table nor under a path DESIGN.md §7 adds`,
      ).toBe(true);
    }
    for (const addition of [...BUILT_ADDITIONS, "/api/v1/funding-accounts", "/api/v1/fundings"])
      expect(
        beyond.some((key) => key.split(" ")[1]!.startsWith(addition)),
        addition,
      ).toBe(true);
  });

  it("documents every route handler under src/app/api/v1, with each method it exports", () => {
    const handlers = routeHandlersOnDisk();
    expect(handlers).toContain("GET /api/v1/balance");
    for (const handler of handlers) {
      const [method, routePath] = handler.split(" ") as [string, string];
      const documented = documentedPathsFor(document, routePath).filter(
        (documentedPath) => document.paths[documentedPath]?.[method.toLowerCase()],
      );
      expect(documented, `${handler} is not in the document`).not.toEqual([]);
    }
  });

  it("documents only endpoints that a route handler on disk serves, and lists them all in src/server/api/endpoints.ts", () => {
    const handlers = routeHandlersOnDisk();
    for (const [key] of operations(document)) {
      const [method, documentedPath] = key.split(" ") as [string, string];
      const served = handlers.some((handler) => {
        const [handlerMethod, routePath] = handler.split(" ") as [string, string];
        return handlerMethod === method && documentedPathsFor(document, routePath).includes(documentedPath);
      });
      expect(served, `${key} is documented but no route handler serves it`).toBe(true);
    }
    expect(
      operations(document)
        .map(([key]) => key)
        .sort(),
    ).toEqual([...ENDPOINTS].sort());
  });

  it("describes every operation: summary, description, auth, errors with their names, request ids, a curl sample", () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [key, operation] of operations(document)) {
      expect(operation.summary, key).toBeTruthy();
      expect(operation.description, key).toBeTruthy();
      expect(operation["x-codeSamples"]?.[0]?.source, key).toMatch(/^curl /);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.headers?.["X-Request-Id"], `${key} ${status}`).toBeDefined();
      }
      if (key === "GET /api/v1/openapi.json") {
        expect(operation.security).toEqual([]);
        continue;
      }
      expect(operation.security, key).toBeUndefined();
      expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(["401", "403", "429", "500"]));
      expect(operation.responses["401"]!.description).toContain("generalErrors");
      expect(operation.responses["403"]!.description).toContain("ip.not_allowed");
      expect(operation.responses["403"]!.description).toContain("ip.not_configured");
      expect(operation.responses["429"]!.description).toContain("rate_limit.exceeded");
      for (const header of ["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]) {
        expect(operation.responses["429"]!.headers?.[header], `${key} ${header}`).toBeDefined();
      }
      if (operation.requestBody) expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(["400", "413", "415"]));
      // Any parameter, even a free-form path segment, is refused with a 400 when it holds a NUL (found by the fuzz test).
      if (operation.parameters?.length) expect(Object.keys(operation.responses), key).toContain("400");
    }
  });

  it("documents purchases as 201 for a new reference and 200 with Idempotent-Replay for a replay", () => {
    for (const key of ["POST /api/v1/data", "POST /api/v1/airtime", "POST /api/v1/bills/{service}/pay"]) {
      const [, documentedPath] = key.split(" ") as [string, string];
      const operation = document.paths[documentedPath]!.post!;
      expect(operation.responses["201"], key).toBeDefined();
      expect(operation.responses["200"]?.headers?.["Idempotent-Replay"], key).toBeDefined();
      expect(operation.responses["402"]?.description, key).toContain("wallet.insufficient_funds");
      expect(operation.responses["409"]?.description, key).toContain("transaction.idempotency_conflict");
    }
    expect(document.paths["/api/v1/plans"]!.get!.responses["404"]!.description).toContain("network.not_found");
    expect(document.paths["/api/v1/bills/{service}/products"]!.get!.responses["404"]!.description).toContain("service.not_found");
  });

  it("describes every webhook event as a POST of its versioned event schema, with the Standard Webhooks headers", () => {
    const schemas = (document.components as unknown as { schemas: Record<string, unknown> }).schemas;
    const expected: Record<string, string> = {
      "transaction.successful": "TransactionEventV1",
      "transaction.failed": "TransactionEventV1",
      "transaction.pending": "TransactionEventV1",
      "wallet.funded": "WalletEventV1",
      "wallet.low_balance": "WalletEventV1",
      "api_key.created": "ApiKeyEventV1",
      "api_key.revoked": "ApiKeyEventV1",
      "batch.completed": "BatchEventV1",
    };
    expect(Object.keys(document.webhooks)).toEqual(Object.keys(expected));
    for (const [type, component] of Object.entries(expected)) {
      const item = document.webhooks[type]!;
      expect(Object.keys(item), type).toEqual(["post"]);
      const operation = item.post!;
      expect(operation.requestBody.required, type).toBe(true);
      expect(operation.requestBody.content["application/json"]?.schema, type).toEqual({ $ref: `#/components/schemas/${component}` });
      expect(schemas[component], component).toBeDefined();
      for (const text of [
        "`webhook-id`",
        "`webhook-timestamp`",
        "`webhook-signature`",
        "`v1,`",
        "HMAC-SHA256",
        "{webhook-id}.{webhook-timestamp}.{body}",
        "separated by a space",
        "2xx",
      ]) {
        expect(operation.description, `${type}: ${text}`).toContain(text);
      }
      expect(
        operation.parameters?.filter((parameter) => parameter.in === "header").map((parameter) => parameter.name),
        type,
      ).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
      expect(Object.keys(operation.responses), type).toContain("2XX");
    }
    // Each event schema names the types it carries, so a receiver can tell them apart.
    const typeEnum = (component: string) => (schemas[component] as { properties: { type: { enum: string[] } } }).properties.type.enum;
    expect(typeEnum("TransactionEventV1")).toEqual(["transaction.successful", "transaction.failed", "transaction.pending"]);
    expect(typeEnum("WalletEventV1")).toEqual(["wallet.funded", "wallet.low_balance"]);
    expect(typeEnum("ApiKeyEventV1")).toEqual(["api_key.created", "api_key.revoked"]);
    // One component per schema, though the events are both request bodies (here) and responses (GET /events).
    expect(Object.keys(schemas).filter((name) => name.endsWith("Output"))).toEqual([]);
    // The event's object is the REST API's own (DESIGN.md §7): the Transaction component itself.
    expect((schemas.TransactionEventV1 as { properties: { data: unknown } }).properties.data).toEqual({
      $ref: "#/components/schemas/Transaction",
    });
  });

  it("takes the secret rotation's body as optional, and every other body as required", () => {
    for (const [key, operation] of operations(document)) {
      if (!operation.requestBody) continue;
      const required = (operation.requestBody as { required?: boolean }).required;
      expect(required, key).toBe(key !== "POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret");
    }
  });

  it("gives request examples that the request schemas accept", () => {
    const schemas: Record<string, z.ZodType> = {
      purchaseData: purchaseDataInput,
      purchaseAirtime: purchaseAirtimeInput,
      payBill: payBillInput,
      verifyCustomer: verifyCustomerInput,
      createWebhookEndpoint: createWebhookEndpointInput,
      updateWebhookEndpoint: updateWebhookEndpointInput,
      rotateWebhookSecret: rotateWebhookSecretInput,
      resendFailedWebhooks: resendFailedWebhooksInput,
      setLowBalanceThreshold: lowBalanceThresholdInput,
      simulateFunding: simulateTransferInput,
      createBatch: createBatchInput,
    };
    for (const [key, operation] of operations(document)) {
      if (!operation.requestBody) continue;
      const schema = schemas[operation.operationId];
      expect(schema, `${key}: no schema to check its example with`).toBeDefined();
      const examples = Object.values(operation.requestBody.content["application/json"]?.examples ?? {});
      expect(examples.length, key).toBeGreaterThan(0);
      for (const example of examples) expect(schema!.safeParse(example.value).success, key).toBe(true);
    }
  });

  it("explains authentication, idempotency, kobo, errors and the sandbox test recipients", () => {
    const intro = document.info.description;
    for (const text of [
      "Authorization: Bearer",
      "ip.not_configured",
      "clientReference",
      "Idempotent-Replay",
      "kobo",
      "generalErrors",
      "`0000`",
      "`1111`",
      "`2222`",
      "`9999`",
      "](/docs/changelog)",
    ]) {
      expect(intro).toContain(text);
    }
  });
});

describe("/docs", () => {
  it("is an HTML page whose scripts all come from this server, and they load", async () => {
    const response = await request(server.url("/docs"));
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.text).toContain("/api/v1/openapi.json");

    const sources = [...response.text.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source, "a script from another host").not.toMatch(/^(?:[a-z][a-z0-9+.-]*:)?\/\//i);
      const script = await request(server.url(source));
      expect(script.status, source).toBe(200);
      expect(script.headers["content-type"]).toContain("javascript");
      expect(script.text.length).toBeGreaterThan(100_000);
    }
    expect(response.text).not.toMatch(/<link\b[^>]*href\s*=\s*["'](?:https?:)?\/\//i);
    expect(response.text).toContain('<a href="/docs/changelog">Changelog</a>');
  });
});

describe("/docs/changelog", () => {
  /** The page's text, tags and React's comment markers out, entities decoded. */
  const textOf = (html: string) =>
    html
      .replace(/<!-- -->/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'");

  it("lists every changelog entry with its date, and every part it added, linked from the reference", async () => {
    const response = await request(server.url("/docs/changelog"));
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = textOf(response.text);
    expect(html).toContain('href="/docs"');
    for (const entry of API_CHANGELOG) {
      expect(html, entry.title).toContain(`dateTime="${entry.date.replace(/^after /, "")}"`);
      expect(html, entry.title).toContain(`>${entry.title}</a>`);
      for (const name of entry.added) expect(html, `${entry.date} ${name}`).toContain(`>${name}</code>`);
    }
    // Shown as people read dates: "24 Nov 2026", "July 2026", "After 9 Aug 2026".
    expect(html).toMatch(/>\d{1,2} [A-Z][a-z]{2} 2026<\/time>/);
    expect(html).toContain(">July 2026</time>");
    expect(html).toContain(">After 9 Aug 2026</time>");
  });
});
