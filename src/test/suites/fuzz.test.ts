/**
 * Hostile input, systematically: a property-based HTTP fuzz test of every /api/v1 endpoint against
 * the production server over real sockets. The endpoint list is src/server/api/endpoints.ts and
 * everything about each endpoint (path parameters, query parameters, example body, documented
 * statuses, success schemas and headers) is read from the OpenAPI document the server serves, so a new
 * endpoint is fuzzed, and held to its documentation, without touching this file.
 *
 * fast-check generates requests: the right and wrong methods; valid, mutated, encoded-junk, traversal
 * and very long paths; query strings with random, repeated and array keys; Authorization absent,
 * garbled, valid, revoked or another account's; Content-Type variants, Content-Length lies,
 * X-Forwarded-For and source-address-header games, from an allowlisted and a non-allowlisted source
 * address; bodies that are valid, mutated (fields removed, retyped, huge, odd Unicode), random JSON,
 * not JSON, deeply nested or too large. Every response must:
 *
 *  - be below 500 and carry an X-Request-Id;
 *  - if 2xx, match the success schema (and documented headers) of the endpoint it reached;
 *  - if not 2xx, be application/problem+json of the DESIGN.md §3.4 shape with `status` equal to the
 *    HTTP status (no `detail` only on the allowlist 403s);
 *  - charge nothing unless it is a 2xx purchase, and then exactly what the answer says: requests are
 *    sent one at a time and the wallets, transactions and ledger of every fuzzed account are compared
 *    before and after each one; the ledger check passes at the end.
 *
 * A request that reaches an endpoint with an ordinary framing must also get one of the statuses the
 * document lists for it, a key that is not valid must get 401, and the allowlisted account's valid key
 * from an address outside its list must get 403 ip.not_allowed whatever X-Forwarded-For says.
 *
 * Reproduce a run: FUZZ_SEED=<the seed printed> (and FUZZ_RUNS=<runs per endpoint>, default 150);
 * fast-check's failure message also gives a `path` to replay the exact shrunk case.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as apiSchemas from "~/schemas/api";
import * as batchSchemas from "~/schemas/batches";
import * as fundingSchemas from "~/schemas/funding";
import * as webhookSchemas from "~/schemas/webhooks";
import { db } from "~/server/db";
import { isApiPath, routedPath } from "~/server/http/api-methods";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { ENDPOINTS, type EndpointKey } from "~/server/api/endpoints";
import { MAX_BODY_BYTES } from "~/server/rest/api-route";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { newWebhookSecret } from "~/server/services/webhooks/webhook-endpoint-view";
import { admin } from "~/test/admin-cli";
import { createAccountWithKey, operator } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { ensureSandboxCatalog } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
/** About 150 requests a second here (each one between two reads of the money): 21 endpoints in a minute and a half. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
/** An address on the allowlisted account's list, and one off it (any 127.0.0.0/8 address reaches loopback). */
const ALLOWED_SOURCE = "127.0.0.1";
const FOREIGN_SOURCE = "127.0.0.3";
/** How long to wait for an answer when the request promised more body than it sent. */
const LIE_TIMEOUT_MS = 750;

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, as far as this test reads it.

interface SchemaObject {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
  contentMediaType?: string;
}
interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  schema: SchemaObject;
}
interface MediaType {
  schema: SchemaObject;
  examples?: Record<string, { value: unknown }>;
}
interface DocumentedResponse {
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, DocumentedResponse>;
  "x-codeSamples"?: { source: string }[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

interface Endpoint {
  key: EndpointKey;
  method: string;
  template: string;
  operation: Operation;
  isPublic: boolean;
  /** The paths the template names: a `{param}` is any one segment. */
  pattern: RegExp;
  /** The documented example request's path and query (from the curl sample), e.g. /api/v1/plans?networkId=mtn. */
  examplePath: string;
  exampleBody: Record<string, unknown> | null;
}

function endpointOf(document: OpenApiDocument, key: EndpointKey): Endpoint {
  const [method = "GET", template = ""] = key.split(" ");
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${key} is not in the OpenAPI document`);
  const curl = operation["x-codeSamples"]?.[0]?.source ?? "";
  const examplePath = /"\$API_BASE([^"]+)"/.exec(curl)?.[1] ?? template;
  const exampleBody = Object.values(operation.requestBody?.content["application/json"]?.examples ?? {})[0]?.value;
  return {
    key,
    method,
    template,
    operation,
    isPublic: Array.isArray(operation.security) && operation.security.length === 0,
    pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    examplePath,
    exampleBody: (exampleBody as Record<string, unknown> | undefined) ?? null,
  };
}

/** The response schemas of src/schemas/api.ts, webhooks.ts, funding.ts and batches.ts by their component id ("Transaction", "Problem", ...). */
const COMPONENTS = new Map<string, z.ZodType>(
  [
    ...Object.values(apiSchemas),
    ...Object.values(webhookSchemas),
    ...Object.values(fundingSchemas),
    ...Object.values(batchSchemas),
  ].flatMap((value) => {
    if (!(value instanceof z.ZodType)) return [];
    const id = z.globalRegistry.get(value)?.id;
    return id ? [[id, value] as const] : [];
  }),
);

// ---------------------------------------------------------------------------------------------
// The fuzzed accounts: the main one (its valid and its revoked key), another account, and one that
// requires an allowlist and has 127.0.0.1 on it.

interface Keys {
  valid: string;
  revoked: string;
  other: string;
  allowlisted: string;
}
let keys: Keys;
let accountIds: string[];
let server: TestServer;
let endpoints: Endpoint[];

beforeAll(async () => {
  await ensureSandboxCatalog();
  const main = await createAccountWithKey({ funding: 10_000_000_000n });
  const revoked = await createApiKey(operator, { accountId: main.accountId, name: "revoked" });
  await revokeApiKey(operator, { keyId: revoked.keyId });
  const other = await createAccountWithKey({ funding: 10_000_000_000n });
  const allowlisted = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: [ALLOWED_SOURCE], funding: 10_000_000_000n });
  keys = { valid: main.apiKey, revoked: revoked.apiKey, other: other.apiKey, allowlisted: allowlisted.apiKey };
  accountIds = [main.accountId, other.accountId, allowlisted.accountId];

  // The server's own reconciler must not move money while requests are compared before and after.
  // No batch worker: a batch's acceptance moves no money, and its orders, bought later in the background,
  // would be charges no fuzzed answer accounts for (the worker is src/server/api/batches/batches.test.ts's).
  server = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, RECONCILE_INTERVAL_MS: "3600000", BATCH_WORKER: "0" });
  const document = (await request(server.url("/api/v1/openapi.json"))).json() as OpenApiDocument;
  endpoints = ENDPOINTS.map((key) => endpointOf(document, key));

  // The documented example purchases exist on the main account, so the documented example look-ups
  // (GET /transactions/order-10001, ...) reach a real transaction.
  for (const endpoint of endpoints.filter((candidate) => candidate.exampleBody && "clientReference" in candidate.exampleBody)) {
    await request(server.url(endpoint.examplePath), {
      method: endpoint.method,
      headers: { authorization: `Bearer ${keys.valid}`, "content-type": "application/json" },
      body: JSON.stringify(endpoint.exampleBody),
    });
  }
}, 120_000);

/**
 * The documented example webhook endpoint (the `endpointId` of the example paths) exists, enabled, on
 * the main account before each request, so the documented reads, edits, rotations, test events and
 * deletions reach it whatever an earlier request did to it (a DELETE, or a PATCH that disabled it).
 */
async function ensureExampleWebhookEndpoint(): Promise<void> {
  const parameter = endpoints
    .flatMap((endpoint) => endpoint.operation.parameters ?? [])
    .find((candidate) => candidate.in === "path" && candidate.name === "endpointId");
  if (parameter?.schema.example === undefined) throw new Error("the document gives no example endpointId");
  const id = String(parameter.schema.example);
  const accountId = accountIds[0]!;
  await db.webhookEndpoint.upsert({
    where: { id },
    create: {
      id,
      accountId,
      url: "https://example.com/hooks/vtu",
      eventTypes: [...webhookSchemas.DEFAULT_EVENT_TYPES],
      secret: newWebhookSecret(),
    },
    update: { accountId, enabled: true, disabledReason: null },
  });
}

// ---------------------------------------------------------------------------------------------
// Generated requests.

type Credential = "none" | "garbled" | "valid" | "revoked" | "other" | "allowlisted";

interface FuzzRequest {
  method: string;
  path: string;
  /** The path is the endpoint's (documented or filled from its parameters) and the method its own. */
  pathIsValid: boolean;
  credential: Credential;
  authorization: string | undefined;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  /** What kind of body was generated (valid, mutated, random json, not json, deep, huge), for the report. */
  bodyKind: string;
  /** Content-Length as sent: the body's length, half of it, 100 more than it, or absent (the body then reads as a next request). */
  contentLengthLie: "none" | "short" | "long" | "omitted";
  localAddress: string;
}

const printable = (maxLength = 40) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });
const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));

/** encodeURIComponent, but a lone surrogate (which it refuses) is sent as the bytes it would be in CESU-8. */
function encode(value: string): string {
  return [...value]
    .map((character) => {
      try {
        return encodeURIComponent(character);
      } catch {
        return "%ED%A0%80";
      }
    })
    .join("");
}

const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE"] as const;

const junkSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: text.map(encode) },
  {
    weight: 3,
    arbitrary: fc
      .uint8Array({ minLength: 1, maxLength: 12 })
      .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("")),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "..",
      ".",
      "%2e%2e",
      "%2E%2E",
      "..%2f..%2f",
      "%2e",
      "...",
      "%00",
      "%2F",
      "%5C",
      "..\\..",
      "~",
      "%C0%AF",
      "%ff",
      "%",
      "%zz",
      "*",
      ";x=1",
      "%20",
      "+",
      "//",
      "?",
      "#",
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 6_000 }).map((length) => "a".repeat(length)) },
  // Longer than Node's 16 KB limit on the request line and headers: a 431.
  { weight: 1, arbitrary: fc.constant("x".repeat(20_000)) },
);

function pathParameterValue(parameter: Parameter): fc.Arbitrary<string> {
  const { schema } = parameter;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum.map(String));
  return fc.constant(String(schema.example ?? "x"));
}

function pathArb(endpoint: Endpoint): fc.Arbitrary<{ path: string; valid: boolean }> {
  const [examplePath = endpoint.template] = endpoint.examplePath.split("?");
  const pathParameters = (endpoint.operation.parameters ?? []).filter((parameter) => parameter.in === "path");
  const filled = fc
    .tuple(...pathParameters.map((parameter) => pathParameterValue(parameter)))
    .map((values) =>
      pathParameters.reduce((path, parameter, index) => path.replace(`{${parameter.name}}`, encode(values[index]!)), endpoint.template),
    );
  const valid = fc.oneof({ weight: 2, arbitrary: fc.constant(examplePath) }, { weight: 1, arbitrary: filled });
  const mutated = fc
    .tuple(
      valid,
      fc.nat(),
      junkSegment,
      fc.constantFrom("replace", "insert", "delete", "suffix", "upper", "trailing-slash", "double-slash", "prefix"),
    )
    .map(([path, position, junk, how]) => {
      const segments = path.split("/");
      // Never touch the leading "" (the path's root); mutate anything after it.
      const index = 1 + (position % (segments.length - 1));
      switch (how) {
        case "replace":
          segments[index] = junk;
          break;
        case "insert":
          segments.splice(index, 0, junk);
          break;
        case "delete":
          segments.splice(index, 1);
          break;
        case "suffix":
          segments[index] = `${segments[index]}${junk}`;
          break;
        case "upper":
          segments[index] = segments[index]!.toUpperCase();
          break;
        case "trailing-slash":
          return { path: `${path}/`, valid: false };
        case "double-slash":
          segments.splice(index, 0, "");
          break;
        case "prefix":
          return { path: `/${junk}${path}`, valid: false };
      }
      return { path: segments.join("/") || "/", valid: false };
    });
  return fc.oneof({ weight: 6, arbitrary: valid.map((path) => ({ path, valid: true })) }, { weight: 2, arbitrary: mutated });
}

function queryParameterValue(parameter: Parameter): fc.Arbitrary<string> {
  const { schema } = parameter;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === "integer") return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1_000 }).map(String);
  return schema.example === undefined ? fc.constant("x") : fc.constant(String(schema.example));
}

function queryArb(endpoint: Endpoint): fc.Arbitrary<string> {
  const [, exampleQuery] = endpoint.examplePath.split("?");
  const parameters = (endpoint.operation.parameters ?? []).filter((parameter) => parameter.in === "query");
  const names = parameters.map((parameter) => parameter.name);
  const valid = fc
    .tuple(...parameters.map((parameter) => fc.option(queryParameterValue(parameter), { nil: undefined })))
    .map((values) =>
      parameters
        .flatMap((parameter, index) => (values[index] === undefined ? [] : [`${parameter.name}=${encode(values[index])}`]))
        .join("&"),
    );
  const key = fc.oneof(
    names.length > 0 ? fc.constantFrom(...names) : fc.constant("q"),
    text,
    fc.constantFrom("__proto__", "constructor", "limit[]", "from[0]", "a.b"),
  );
  const value = fc.oneof(
    text,
    junkSegment.map(decodeURIComponentOr),
    fc.constantFrom("", "-1", "0", "1e3", "101", "NaN", "null", "true", "[]", "{}"),
  );
  const random = fc
    .array(fc.tuple(key, value, fc.boolean()), { maxLength: 6 })
    // Some pairs twice (a repeated key), some as key[]=value (array syntax).
    .map((pairs) =>
      pairs
        .flatMap(([k, v, twice]) => (twice ? [`${encode(k)}=${encode(v)}`, `${encode(k)}[]=${encode(v)}`] : [`${encode(k)}=${encode(v)}`]))
        .join("&"),
    );
  const raw = fc.constantFrom("%zz", "&&&", "=", "a=%ff", "a=%00", "a=1;b=2", "&".repeat(300), "a=1&".repeat(1_500));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    { weight: exampleQuery ? 3 : 0, arbitrary: fc.constant(exampleQuery ?? "") },
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: random },
    { weight: 1, arbitrary: raw },
  );
}

function decodeURIComponentOr(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function garbledAuthorization(keys: Keys): fc.Arbitrary<string> {
  return fc.oneof(
    printable(80),
    fc.constantFrom(
      "Bearer",
      "Bearer ",
      "Bearer pk_live_",
      `Bearer pk_test_${keys.valid.slice(8)}`,
      `Bearer ${keys.valid}x`,
      `Bearer ${keys.valid.slice(0, -1)}`,
      `Bearer ${keys.valid.toUpperCase()}`,
      `Bearer ${keys.valid},${keys.other}`,
      `Token ${keys.valid}`,
      `Basic ${Buffer.from(`${keys.valid}:`).toString("base64")}`,
      keys.valid,
    ),
    printable(60).map((secret) => `Bearer pk_live_${secret}`),
  );
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/problem+json",
  "application/vnd.api+json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
  "application/jsonx",
  "application/json;;",
  "json",
  "*/*",
] as const;

/** Header names the generator sets on purpose (or that would only test Node's HTTP client). */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "authorization",
  "content-type",
  "expect",
  "upgrade",
  "te",
  "trailer",
]);
/** An Expect the server does not meet: a 417 before anything else. */
const UNMET_EXPECTATION = "the unexpected";

function headersArb(): fc.Arbitrary<Record<string, string>> {
  const forwardedFor = fc.oneof(
    fc.constant(ALLOWED_SOURCE),
    fc.ipV4(),
    fc.ipV6(),
    fc.array(fc.ipV4(), { minLength: 2, maxLength: 4 }).map((hops) => hops.join(", ")),
    printable(30),
  );
  const extraName = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/).filter((name) => !RESERVED_HEADERS.has(name));
  return fc
    .record(
      {
        "x-forwarded-for": forwardedFor,
        forwarded: fc.constantFrom(`for=${ALLOWED_SOURCE}`, 'for="[::1]";proto=https', "garbage"),
        [SOURCE_ADDRESS_HEADER]: fc.constantFrom(ALLOWED_SOURCE, "::1", "0.0.0.0", "not an address"),
        "x-real-ip": fc.constant(ALLOWED_SOURCE),
        accept: fc.constantFrom("application/json", "text/html", "*/*", "application/xml", ""),
        "idempotency-key": printable(20),
      },
      { requiredKeys: [] },
    )
    .chain((chosen) =>
      fc
        .tuple(
          fc.dictionary(extraName, printable(40), { maxKeys: 3 }),
          // Now and then an Expect: one the server meets, and one it refuses (417) before anything else.
          fc.oneof(
            { weight: 18, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.constantFrom("100-continue", UNMET_EXPECTATION) },
          ),
        )
        .map(([extra, expectation]) => ({ ...extra, ...chosen, ...(expectation && { expect: expectation }) })),
    );
}

type Body = { kind: string; text: string | Buffer } | undefined;

function validBody(endpoint: Endpoint): fc.Arbitrary<Record<string, unknown>> {
  const example = endpoint.exampleBody ?? {};
  // Mostly a fresh clientReference (a new purchase); now and then the documented one (a replay, or a conflict).
  return fc
    .tuple(fc.uuid(), fc.nat(4))
    .map(([uuid, roll]) => ("clientReference" in example && roll > 0 ? { ...example, clientReference: `fuzz-${uuid}` } : { ...example }));
}

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom("", " ", "\u0000", "\ud800", "😀", "null", "0", "-1", "1.5", "50000", "08031234567 ", " 08031234567"),
  fc.constantFrom(0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 1_000_000_001, Number.MAX_SAFE_INTEGER, true, false, null, [], {}),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => "9".repeat(length)),
  text,
);

function mutatedBody(endpoint: Endpoint): fc.Arbitrary<string> {
  return fc
    .tuple(
      validBody(endpoint),
      fc.nat(),
      oddValue,
      fc.constantFrom("remove", "retype", "recipient", "unknown", "proto", "duplicate"),
      fc.constantFrom("0000", "1111", "2222", "9999"),
    )
    .map(([body, position, value, how, ending]) => {
      const fields = Object.keys(body);
      const field = fields[position % Math.max(1, fields.length)] ?? "clientReference";
      switch (how) {
        case "remove":
          delete body[field];
          return JSON.stringify(body);
        case "retype":
          return JSON.stringify({ ...body, [field]: value });
        case "recipient":
          // The sandbox's test recipients on any digit string: failures, pendings, time-outs, unknown customers.
          return JSON.stringify(
            Object.fromEntries(
              Object.entries(body).map(([key, item]) => [
                key,
                typeof item === "string" && /^\d{6,}$/.test(item) ? item.slice(0, -4) + ending : item,
              ]),
            ),
          );
        case "unknown":
          return JSON.stringify({ ...body, ported: value, [`x${position}`]: value });
        case "proto":
          return JSON.stringify({ ...body, ["__proto__"]: { [field]: value }, constructor: { prototype: value } });
        case "duplicate":
          // The same key twice: JSON.parse keeps the last.
          return JSON.stringify(body).replace(/^\{/, `{${JSON.stringify(field)}:${JSON.stringify(value)},`);
      }
    });
}

function bodyArb(endpoint: Endpoint): fc.Arbitrary<Body> {
  const hasBody = endpoint.exampleBody !== null;
  const deep = fc
    .integer({ min: 100, max: 5_000 })
    .chain((depth) =>
      fc.constantFrom("[".repeat(depth) + "]".repeat(depth), '{"a":'.repeat(depth) + "1" + "}".repeat(depth), "[".repeat(depth)),
    );
  const notJson = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom("{", '{"clientReference":', "{}}", "undefined", "NaN", "'{}'", "\ufeff{}", "{'a':1}", "[1,]", '{"a":1}garbage'),
    validBody(endpoint).map((body) => Buffer.from(JSON.stringify(body), "utf16le")),
  );
  const huge = fc
    .integer({ min: MAX_BODY_BYTES + 1, max: MAX_BODY_BYTES * 4 })
    .map((length) => JSON.stringify({ padding: "x".repeat(length) }));
  return fc.oneof(
    { weight: hasBody ? 1 : 8, arbitrary: fc.constant(undefined) },
    { weight: hasBody ? 8 : 0, arbitrary: validBody(endpoint).map((body) => ({ kind: "valid", text: JSON.stringify(body) })) },
    { weight: hasBody ? 8 : 0, arbitrary: mutatedBody(endpoint).map((text) => ({ kind: "mutated", text })) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => ({ kind: "random json", text: JSON.stringify(value) ?? "null" })) },
    { weight: 1, arbitrary: notJson.map((text) => ({ kind: "not json", text })) },
    { weight: 1, arbitrary: deep.map((text) => ({ kind: "deep", text })) },
    { weight: 1, arbitrary: huge.map((text) => ({ kind: "huge", text })) },
  );
}

function requestArb(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const authorizationFor = (credential: Credential): fc.Arbitrary<string | undefined> => {
    const bearer = (key: string) => fc.constant(`Bearer ${key}`);
    switch (credential) {
      case "none":
        return fc.constant(undefined);
      case "garbled":
        return garbledAuthorization(keys);
      case "valid":
        // The scheme is case-insensitive and spaces around the key are tolerated: still the valid key.
        return fc.constantFrom(`Bearer ${keys.valid}`, `bearer ${keys.valid}`, `Bearer  ${keys.valid} `);
      case "revoked":
        return bearer(keys.revoked);
      case "other":
        return bearer(keys.other);
      case "allowlisted":
        return bearer(keys.allowlisted);
    }
  };
  const credential = fc.constantFrom<Credential>(
    "none",
    "garbled",
    "valid",
    "valid",
    "valid",
    "valid",
    "revoked",
    "other",
    "allowlisted",
    "allowlisted",
  );
  return fc
    .record({
      method: fc.oneof({ weight: 8, arbitrary: fc.constant(endpoint.method) }, { weight: 2, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
      target: pathArb(endpoint),
      query: queryArb(endpoint),
      credentialAndAuthorization: credential.chain((chosen) =>
        authorizationFor(chosen).map((authorization) => ({ credential: chosen, authorization })),
      ),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant<string | undefined>("application/json") },
        { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
        { weight: 3, arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES) },
        { weight: 1, arbitrary: printable(40) },
      ),
      headers: headersArb(),
      body: bodyArb(endpoint),
      contentLengthLie: fc.constantFrom<FuzzRequest["contentLengthLie"]>(
        ...(Array(30).fill("none") as "none"[]),
        "short",
        "long",
        "omitted",
      ),
      localAddress: fc.constantFrom(ALLOWED_SOURCE, FOREIGN_SOURCE),
    })
    .map((generated) => {
      const headers: Record<string, string> = { ...generated.headers };
      if (generated.contentType !== undefined) headers["content-type"] = generated.contentType;
      const { credential: chosen, authorization } = generated.credentialAndAuthorization;
      if (authorization !== undefined) headers.authorization = authorization;
      const query = generated.query ? `?${generated.query}` : "";
      const fuzz: FuzzRequest = {
        method: generated.method,
        path: `${generated.target.path}${query}`,
        pathIsValid: generated.target.valid && generated.method === endpoint.method,
        credential: chosen,
        authorization,
        headers,
        body: generated.body?.text,
        bodyKind: generated.body?.kind ?? "none",
        contentLengthLie: generated.body ? generated.contentLengthLie : "none",
        localAddress: generated.localAddress,
      };
      // fast-check prints counterexamples with this: keep a 60 KB body from burying the failure.
      return Object.assign(fuzz, { [fc.toStringMethod]: () => describeRequest(fuzz) });
    });
}

function describeRequest(fuzz: FuzzRequest): string {
  const clip = (value: string, length: number) => (value.length > length ? `${value.slice(0, length)}…(${value.length} chars)` : value);
  const body =
    fuzz.body === undefined
      ? ""
      : ` body(${fuzz.bodyKind})=${clip(typeof fuzz.body === "string" ? fuzz.body : `<${fuzz.body.length} bytes>`, 200)}`;
  return `${fuzz.method} ${clip(fuzz.path, 200)} [${fuzz.credential} from ${fuzz.localAddress}, content-length ${fuzz.contentLengthLie}] headers=${clip(JSON.stringify(fuzz.headers), 300)}${body}`;
}

// ---------------------------------------------------------------------------------------------
// Money, before and after.

interface AccountMoney {
  account_id: string;
  balance: bigint;
  transactions: number;
  ledger: number;
}

async function money(): Promise<Map<string, AccountMoney>> {
  const rows = await db.$queryRaw<AccountMoney[]>`
    SELECT w.account_id, w.balance,
           (SELECT count(*) FROM transactions t WHERE t.account_id = w.account_id)::int AS transactions,
           (SELECT count(*) FROM ledger_entries l WHERE l.account_id = w.account_id)::int AS ledger
    FROM wallets w WHERE w.account_id = ANY(${accountIds}::uuid[]) AND w.livemode`;
  return new Map(rows.map((row) => [row.account_id, row]));
}

function accountOf(credential: Credential): string | null {
  return credential === "valid"
    ? accountIds[0]!
    : credential === "other"
      ? accountIds[1]!
      : credential === "allowlisted"
        ? accountIds[2]!
        : null;
}

/** What a response may have done to the wallets: nothing, unless it is a purchase answered 201, which did exactly what it says. */
function expectedMoney(before: Map<string, AccountMoney>, response: HttpResponse | null, request: FuzzRequest): Map<string, AccountMoney> {
  const expected = new Map([...before].map(([id, row]) => [id, { ...row }]));
  if (!response || response.status !== 201 || request.method === "HEAD") return expected;
  const charged = accountOf(request.credential);
  const purchase = apiSchemas.transaction.safeParse(response.json());
  if (!charged || !purchase.success) return expected;
  const row = expected.get(charged)!;
  row.transactions += 1;
  // The debit; a failed purchase was reversed before the answer.
  row.ledger += purchase.data.status === "failed" ? 2 : 1;
  if (purchase.data.status !== "failed") row.balance -= BigInt(purchase.data.amount);
  return expected;
}

// ---------------------------------------------------------------------------------------------
// What every response must look like.

const INTERNALS = /prisma|postgres|sqlstate|stack|node_modules|at .*\.[tj]s:\d+/i;

/** Problems with a documented success response, or null when the answer matches it. */
function successMismatch(documented: DocumentedResponse | undefined, response: HttpResponse, method: string): string | null {
  if (!documented?.content) return "no success response documented with this status";
  const contentType = String(response.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim();
  const media = documented.content[contentType];
  if (!media) return `content-type ${contentType} is not documented (${Object.keys(documented.content).join(", ")})`;
  for (const header of Object.keys(documented.headers ?? {})) {
    if (response.headers[header.toLowerCase()] === undefined) return `documented header ${header} is missing`;
  }
  if (method === "HEAD") return null;
  const { schema } = media;
  if (schema.$ref) {
    const component = COMPONENTS.get(schema.$ref.split("/").pop()!);
    if (!component) return `no zod schema for ${schema.$ref}`;
    const parsed = component.safeParse(JSON.parse(response.text));
    return parsed.success ? null : `does not match ${schema.$ref}: ${parsed.error.message}`;
  }
  if (schema.contentMediaType === "application/pdf") return response.text.startsWith("%PDF-") ? null : "not a PDF";
  if (schema.type === "object") {
    const value: unknown = JSON.parse(response.text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? null : "not a JSON object";
  }
  return schema.type === "string" ? null : `cannot check schema ${JSON.stringify(schema)}`;
}

function expectProblem(response: HttpResponse, method: string, label: string): z.infer<typeof apiSchemas.problemDetails> | null {
  expect(response.headers["content-type"], label).toMatch(/^application\/problem\+json/);
  if (method === "HEAD") return null;
  expect(response.text, label).not.toMatch(INTERNALS);
  const problem = apiSchemas.problemDetails.parse(JSON.parse(response.text));
  expect(problem.status, label).toBe(response.status);
  const names = problem.errors.map((error) => error.name);
  if (problem.detail === undefined) {
    // Only the allowlist 403s leave detail out (DESIGN.md §3.4).
    expect(response.status, label).toBe(403);
    expect(
      names.every((name) => name.startsWith("ip.")),
      label,
    ).toBe(true);
  } else if (problem.errors.length === 1) {
    expect(problem.errors[0]!.reason, label).toBe(problem.detail);
  } else {
    for (const error of problem.errors) expect(problem.detail, label).toContain(error.reason);
  }
  if (response.status === 401) {
    expect(problem).toMatchObject({ title: "Unauthorized", type: "https://www.rfc-editor.org/rfc/rfc7235#section-3.1" });
    expect(names, label).toEqual(["generalErrors"]);
  }
  if (response.status === 405) expect(response.headers.allow, label).toBeTruthy();
  if (response.status === 429) expect(response.headers["retry-after"], label).toBeTruthy();
  return problem;
}

async function send(fuzz: FuzzRequest): Promise<HttpResponse | null> {
  const headers: Record<string, string> = { ...fuzz.headers };
  if (fuzz.body !== undefined && fuzz.contentLengthLie !== "omitted") {
    const length = Buffer.byteLength(fuzz.body);
    const lies = { none: length, short: Math.floor(length / 2), long: length + 100 };
    headers["content-length"] = String(lies[fuzz.contentLengthLie]);
  }
  try {
    return await request(server.url("/"), {
      path: fuzz.path,
      method: fuzz.method,
      headers,
      body: fuzz.body,
      localAddress: fuzz.localAddress,
      // Next.js redirects a path such as //v1/x?<8 KB> outside the API with the URL in two headers.
      maxHeaderSize: 64 * 1024,
      // Promised bytes that never come: the server rightly waits for them, the client gives up.
      timeoutMs: fuzz.contentLengthLie === "long" ? LIE_TIMEOUT_MS : undefined,
    });
  } catch (error) {
    // Only a request that lied about its length may go unanswered (or be cut off).
    if (fuzz.contentLengthLie === "none") throw error;
    return null;
  }
}

/** Answers by status, per endpoint: printed, and proof that the generator reaches the success paths too. */
const statuses = new Map<EndpointKey, Map<string, number>>();

async function checkOne(endpoint: Endpoint, fuzz: FuzzRequest): Promise<void> {
  const before = await money();
  const response = await send(fuzz);
  const counts = statuses.get(endpoint.key) ?? new Map<string, number>();
  statuses.set(endpoint.key, counts);
  const status = String(response?.status ?? "no answer");
  counts.set(status, (counts.get(status) ?? 0) + 1);
  const label = `${describeRequest(fuzz)}\n  -> ${response?.status} ${JSON.stringify(response?.headers ?? {})}: ${response?.text.slice(0, 300)}`;

  if (response) {
    expect(response.status, label).toBeGreaterThanOrEqual(200);
    expect(response.status, label).toBeLessThan(500);
    expect(response.headers["x-request-id"], label).toBeTruthy();
  }
  // A mutated path can leave /api/v1 (/api/v1/../../sign-in): then only "no 5xx, no charge" applies.
  if (response && isApiPath(routedPath(fuzz.path))) {
    // Reached its endpoint with ordinary framing: then its documented statuses and the auth rules apply.
    const onTarget =
      fuzz.pathIsValid &&
      fuzz.contentLengthLie === "none" &&
      Buffer.byteLength(fuzz.path) < 4_000 &&
      fuzz.headers.expect !== UNMET_EXPECTATION;

    if (fuzz.method === "OPTIONS" && response.status === 204) {
      // Which methods a path takes: an empty answer with Allow, as HTTP has it.
      expect(response.headers.allow, label).toBeTruthy();
      expect(response.text, label).toBe("");
    } else if (response.status < 300) {
      // The success response of the endpoint the request reached: the fuzzed one, or another that a
      // mutated path happens to name (/api/v1/x/../balance). Nothing else may succeed.
      const method = fuzz.method === "HEAD" ? "GET" : fuzz.method;
      const pathname = routedPath(fuzz.path);
      const reached = endpoints.filter((candidate) => candidate.method === method && candidate.pattern.test(pathname));
      const mismatches = reached.map((candidate) =>
        successMismatch(candidate.operation.responses[String(response.status)], response, fuzz.method),
      );
      expect(
        mismatches.some((mismatch) => mismatch === null),
        `${label}\nreached ${reached.map((candidate) => candidate.key).join(", ") || "no endpoint"}\n${mismatches.join("\n")}`,
      ).toBe(true);
    } else {
      const problem = expectProblem(response, fuzz.method, label);
      if (onTarget && fuzz.method !== "HEAD") {
        expect(Object.keys(endpoint.operation.responses), `${label}: status not documented for ${endpoint.key}`).toContain(
          String(response.status),
        );
      }
      // The allowlisted account's key from an address off its list is refused, whatever X-Forwarded-For claims.
      if (onTarget && !endpoint.isPublic && fuzz.credential === "allowlisted" && fuzz.localAddress === FOREIGN_SOURCE && problem) {
        expect(problem.errors[0]?.name, label).toBe("ip.not_allowed");
      }
    }
    if (onTarget && !endpoint.isPublic && ["none", "garbled", "revoked"].includes(fuzz.credential))
      expect(response.status, label).toBe(401);
    if (onTarget && !endpoint.isPublic && fuzz.credential === "allowlisted" && fuzz.localAddress === FOREIGN_SOURCE)
      expect(response.status, label).toBe(403);
  } else {
    // Let a request the server is still reading fail on its side before comparing the money.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const after = await money();
  expect(after, `${label}: money moved`).toEqual(expectedMoney(before, response, fuzz));
}

describe("fuzzing /api/v1", () => {
  it("has every endpoint of src/server/api/endpoints.ts to fuzz", () => {
    console.log(
      `fuzz: seed ${SEED} (endpoint n uses seed ${SEED} + n), ${RUNS} runs per endpoint; FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} to repeat`,
    );
    expect(endpoints.map((endpoint) => endpoint.key)).toEqual([...ENDPOINTS]);
  });

  for (const [index, key] of ENDPOINTS.entries()) {
    it(`${key}: no 5xx, every answer its schema or problem+json, no charge but for a purchase`, async () => {
      const endpoint = endpoints.find((candidate) => candidate.key === key)!;
      await fc.assert(
        fc.asyncProperty(requestArb(endpoint), async (fuzz) => {
          await ensureExampleWebhookEndpoint();
          await checkOne(endpoint, fuzz);
        }),
        { seed: SEED + index, numRuns: RUNS },
      );
      const counts = statuses.get(key)!;
      console.log(
        `fuzz: ${key}: ${[...counts]
          .sort()
          .map(([status, count]) => `${status}×${count}`)
          .join(" ")}`,
      );
      const successes = [...counts].filter(([status]) => status.startsWith("2")).reduce((sum, [, count]) => sum + count, 0);
      expect(successes, "no generated request succeeded: the success path went unfuzzed").toBeGreaterThan(0);
    }, 600_000);
  }

  it("leaves every wallet equal to its ledger (npm run admin -- ledger:check)", async () => {
    const check = await admin("ledger:check");
    expect(check.code).toBe(0);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
  });
});
