/**
 * Real answers of the production server against the OpenAPI document it serves: for every documented
 * operation, each status it can be made to answer (successes, replays, and every error status, the
 * database outage's 500 and the unreachable biller's 503 included) is a documented response of that
 * operation, in a documented media type, with every required header, no header the document knows
 * that this response does not document, header values their schemas accept, and a JSON body its
 * schema accepts. Every documented (operation, status) must be produced here, and each of its
 * documented headers seen on one answer at least, so a status or header added to the document
 * without a way to reach it, or a reachable one left undocumented, fails.
 *
 * Bodies are checked with Ajv's JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1) and
 * ajv-formats, pinned to the versions @seriousme/openapi-schema-validator checks the document with.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "~/server/http/free-port";
import { MAX_BATCH_BODY_BYTES } from "~/schemas/batches";
import { MAX_BODY_BYTES } from "~/server/rest/api-route";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { updateBillProduct } from "~/server/services/catalog/save-bill-product";
import { updateNetwork } from "~/server/services/catalog/save-network";
import { updatePlan } from "~/server/services/catalog/save-plan";
import { createTestCatalog } from "~/test/catalog-fixtures";
import { createAccountWithKey, operator, uniqueName } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";
import { startTcpProxy, type TcpProxy } from "~/test/tcp-proxy";
import { ENDPOINTS, type EndpointKey } from "./endpoints";

interface DocumentedHeader {
  required?: boolean;
  schema?: object;
}
interface DocumentedResponse {
  headers?: Record<string, DocumentedHeader | { $ref: string }>;
  content?: Record<string, { schema?: object }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
  components: { schemas: Record<string, object>; headers: Record<string, DocumentedHeader> };
}

const COMPONENTS_ID = "https://reseller.test/components";

let server: TestServer;
/** API_RATE_LIMIT=1 (a key's second request is a 429) and a biller that cannot be reached (503). */
let limited: TestServer;
let database: TcpProxy;
let document: Document;
let ajv: Ajv2020;
const validators = new Map<object, ValidateFunction>();
const produced = new Map<EndpointKey, Set<number>>();
/** Per "endpoint status": the documented headers seen on at least one answer. */
const headersSeen = new Map<string, Set<string>>();
/** Lower-cased names of every header the document describes on any response. */
let documentedHeaderNames: Set<string>;

let main: Awaited<ReturnType<typeof fundedAccount>>;
let unfunded: Awaited<ReturnType<typeof fundedAccount>>;
let notAllowed: Awaited<ReturnType<typeof createAccountWithKey>>;
let notConfigured: Awaited<ReturnType<typeof createAccountWithKey>>;

/** The document's component references, pointed at the components added to Ajv under COMPONENTS_ID. */
function withComponentRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withComponentRefs);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string"
        ? value.replace("#/components/schemas/", `${COMPONENTS_ID}#/$defs/`)
        : withComponentRefs(value),
    ]),
  );
}

function resolveHeader(header: DocumentedHeader | { $ref: string }): DocumentedHeader {
  if (!("$ref" in header)) return header;
  const resolved = document.components.headers[header.$ref.replace("#/components/headers/", "")];
  expect(resolved, header.$ref).toBeDefined();
  return resolved!;
}

function validatorFor(schema: object): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(withComponentRefs(schema) as object);
    validators.set(schema, validate);
  }
  return validate;
}

/** Checks one real answer of `endpoint` against the document, and counts its status as produced. */
function expectDocumented(endpoint: EndpointKey, response: HttpResponse, label = ""): void {
  const [method = "GET", path = ""] = endpoint.split(" ");
  const where = `${endpoint} ${response.status} ${label}`;
  const documented = document.paths[path]?.[method.toLowerCase()]?.responses[String(response.status)];
  expect(documented, `${where}: status not documented (${response.text.slice(0, 300)})`).toBeDefined();
  const mediaType = (response.headers["content-type"] ?? "").split(";")[0]!.trim();
  expect(Object.keys(documented!.content ?? {}), `${where}: media type`).toContain(mediaType);
  const headers = Object.fromEntries(
    Object.entries(documented!.headers ?? {}).map(([name, header]) => [name.toLowerCase(), resolveHeader(header)]),
  );
  const seen = headersSeen.get(`${endpoint} ${response.status}`) ?? new Set<string>();
  headersSeen.set(`${endpoint} ${response.status}`, seen);
  for (const [name, header] of Object.entries(headers)) {
    const raw = response.headers[name];
    const value = Array.isArray(raw) ? raw.join(", ") : raw;
    if (header.required) expect(value, `${where}: header ${name}`).toBeDefined();
    if (value === undefined) continue;
    seen.add(name);
    const validate = validatorFor(header.schema ?? {});
    const typed = /^\d+$/.test(value) && JSON.stringify(header.schema).includes('"integer"') ? Number(value) : value;
    expect(validate(typed), `${where}: header ${name}: ${value} ${JSON.stringify(validate.errors)}`).toBe(true);
  }
  // A header the API sends that the document knows, but not on this response, is one a client cannot see.
  for (const name of Object.keys(response.headers)) {
    if (documentedHeaderNames.has(name)) expect(Object.keys(headers), `${where}: header ${name} sent but not documented`).toContain(name);
  }
  const schema = documented!.content?.[mediaType]?.schema;
  if (schema && /json$/.test(mediaType)) {
    const validate = validatorFor(schema);
    expect(validate(JSON.parse(response.text)), `${where}: ${JSON.stringify(validate.errors)}\n${response.text.slice(0, 500)}`).toBe(true);
  }
  const statuses = produced.get(endpoint) ?? new Set<number>();
  statuses.add(response.status);
  produced.set(endpoint, statuses);
}

interface Call {
  path?: string;
  auth?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  on?: TestServer;
}

/** A request to `endpoint` (its path with example values unless given), checked against the document. */
async function call(endpoint: EndpointKey, expectedStatus: number, options: Call = {}): Promise<HttpResponse> {
  const [method = "GET", template = ""] = endpoint.split(" ");
  const path = options.path ?? template;
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  const response = await request((options.on ?? server).url(path), {
    method,
    headers: {
      ...(options.auth ?? main.auth),
      ...(hasBody && { "content-type": options.contentType ?? "application/json" }),
    },
    ...(hasBody && { body: options.rawBody ?? JSON.stringify(options.body) }),
    localAddress: "127.0.0.1",
  });
  expect(response.status, `${endpoint} ${path}: ${response.text.slice(0, 300)}`).toBe(expectedStatus);
  expectDocumented(endpoint, response, path);
  return response;
}

const THIS_MONTH = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 7);
const CABLE = { planId: "dstv-padi", customerId: "7012345678" };
const dataOrder = () => ({ clientReference: reference("doc-data"), planId: "mtn-1gb-30d", phone: "08031234567" });
const airtimeOrder = () => ({ clientReference: reference("doc-airtime"), networkId: "mtn", phone: "08031234567", amount: 50_000 });
const billOrder = () => ({ clientReference: reference("doc-bill"), ...CABLE });
const oversized = JSON.stringify({ padding: "x".repeat(MAX_BODY_BYTES + 1) });
const batchOf = (...orders: Record<string, unknown>[]) => ({ batchReference: reference("doc-batch"), orders });
/** A body just past what the operation takes: a batch may be far larger than a purchase. */
const oversizedFor = (endpoint: EndpointKey) =>
  endpoint === "POST /api/v1/batches" ? JSON.stringify({ padding: "x".repeat(MAX_BATCH_BODY_BYTES + 1) }) : oversized;

/** The operations that take a body, with a valid one and the path to send it to. */
const WITH_BODY: [EndpointKey, string, () => Record<string, unknown>][] = [
  ["POST /api/v1/bills/{service}/verify", "/api/v1/bills/cable-tv/verify", () => CABLE],
  ["POST /api/v1/data", "/api/v1/data", dataOrder],
  ["POST /api/v1/airtime", "/api/v1/airtime", airtimeOrder],
  ["POST /api/v1/bills/{service}/pay", "/api/v1/bills/cable-tv/pay", billOrder],
  ["POST /api/v1/fundings/simulate", "/api/v1/fundings/simulate", () => ({ amount: 500_000 })],
  ["POST /api/v1/batches", "/api/v1/batches", () => batchOf({ kind: "data", ...dataOrder() })],
];

/** A webhook endpoint id no account has. */
const UNKNOWN_ENDPOINT = "/api/v1/webhook-endpoints/00000000-0000-4000-8000-000000000000";

/** A path of each authenticated operation that reaches its handler. */
const EXAMPLE_PATHS: Record<Exclude<EndpointKey, "GET /api/v1/openapi.json">, string> = {
  "GET /api/v1/balance": "/api/v1/balance",
  "GET /api/v1/funding-accounts": "/api/v1/funding-accounts",
  "GET /api/v1/fundings": "/api/v1/fundings",
  "POST /api/v1/fundings/simulate": "/api/v1/fundings/simulate",
  "GET /api/v1/plans": "/api/v1/plans?networkId=mtn",
  "GET /api/v1/networks": "/api/v1/networks",
  "GET /api/v1/bills/{service}/products": "/api/v1/bills/cable-tv/products",
  "POST /api/v1/bills/{service}/verify": "/api/v1/bills/cable-tv/verify",
  "POST /api/v1/data": "/api/v1/data",
  "POST /api/v1/airtime": "/api/v1/airtime",
  "POST /api/v1/bills/{service}/pay": "/api/v1/bills/cable-tv/pay",
  "POST /api/v1/batches": "/api/v1/batches",
  "GET /api/v1/batches/{batchReference}": "/api/v1/batches/some-batch",
  "GET /api/v1/batches/{batchReference}/transactions": "/api/v1/batches/some-batch/transactions",
  "GET /api/v1/transactions/{clientReference}": "/api/v1/transactions/some-reference",
  "GET /api/v1/transactions": "/api/v1/transactions",
  "GET /api/v1/invoices/{period}.csv": `/api/v1/invoices/${THIS_MONTH}.csv`,
  "GET /api/v1/invoices/{period}.pdf": `/api/v1/invoices/${THIS_MONTH}.pdf`,
  "GET /api/v1/webhook-endpoints": "/api/v1/webhook-endpoints",
  "POST /api/v1/webhook-endpoints": "/api/v1/webhook-endpoints",
  "GET /api/v1/webhook-endpoints/{endpointId}": UNKNOWN_ENDPOINT,
  "PATCH /api/v1/webhook-endpoints/{endpointId}": UNKNOWN_ENDPOINT,
  "POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret": `${UNKNOWN_ENDPOINT}/rotate-secret`,
  "POST /api/v1/webhook-endpoints/{endpointId}/test": `${UNKNOWN_ENDPOINT}/test`,
  "DELETE /api/v1/webhook-endpoints/{endpointId}": UNKNOWN_ENDPOINT,
  "GET /api/v1/webhook-endpoints/{endpointId}/deliveries": `${UNKNOWN_ENDPOINT}/deliveries`,
  "POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend": `${UNKNOWN_ENDPOINT}/deliveries/1/resend`,
  "POST /api/v1/webhook-endpoints/{endpointId}/resend-failed": `${UNKNOWN_ENDPOINT}/resend-failed`,
  "GET /api/v1/webhook-endpoints/low-balance-threshold": "/api/v1/webhook-endpoints/low-balance-threshold",
  "PUT /api/v1/webhook-endpoints/low-balance-threshold": "/api/v1/webhook-endpoints/low-balance-threshold",
  "GET /api/v1/events": "/api/v1/events",
};
const AUTHENTICATED = Object.keys(EXAMPLE_PATHS) as (keyof typeof EXAMPLE_PATHS)[];

/** A valid body for the operations that take one, so that only the point under test can fail. */
function validBodyFor(endpoint: EndpointKey): Record<string, unknown> | undefined {
  return WITH_BODY.find(([key]) => key === endpoint)?.[2]();
}

beforeAll(async () => {
  const target = new URL(process.env.DATABASE_URL!);
  database = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
  [server, limited] = await Promise.all([
    startTestServer({ DATABASE_URL: database.proxiedUrl(process.env.DATABASE_URL!), RECONCILE_INTERVAL_MS: "3600000" }),
    startTestServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      RECONCILE_INTERVAL_MS: "3600000",
      API_RATE_LIMIT: "1",
      API_RATE_LIMIT_WINDOW_SECONDS: "3600",
      VEND_PROVIDER: "http",
      VEND_HTTP_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      VEND_HTTP_API_KEY: "unreachable",
      VEND_HTTP_RETRIES: "0",
    }),
  ]);
  document = (await request(server.url("/api/v1/openapi.json"))).json() as Document;
  ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  addFormats(ajv);
  // OpenAPI 3.1's own schema keywords (its base vocabulary), which JSON Schema does not know.
  ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: withComponentRefs(document.components.schemas) as object });
  documentedHeaderNames = new Set(
    Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) =>
        Object.values(operation.responses).flatMap((response) => Object.keys(response.headers ?? {}).map((name) => name.toLowerCase())),
      ),
    ),
  );

  main = await fundedAccount(10_000_000_000n);
  unfunded = await fundedAccount(1n);
  notAllowed = await createAccountWithKey({ allowlist: ["10.0.0.0/8"] });
  notConfigured = await createAccountWithKey({ createdAt: "2026-08-01" });
}, 120_000);

/** The routes that authorise a key seen in the last minute from memory (`authorizeFromMemory` in purchase-route.ts). */
const AUTHORIZED_FROM_MEMORY = new Set(["POST /api/v1/data", "POST /api/v1/airtime"]);

describe("every documented operation answers as documented", () => {
  it("GET /api/v1/openapi.json", async () => {
    await call("GET /api/v1/openapi.json", 200, { auth: {} });
  });

  it("reads: balance, networks, plans, bill products, transactions, invoices", async () => {
    await call("GET /api/v1/balance", 200);
    await call("GET /api/v1/networks", 200);
    await call("GET /api/v1/plans", 200, { path: "/api/v1/plans?networkId=mtn" });
    await call("GET /api/v1/plans", 200, { path: "/api/v1/plans" });
    // On the product catalog the structured fields are filled, except sizeMb of an unlimited bundle.
    const onCatalog = await createAccountWithKey({ onProductCatalog: true });
    const plans = (await call("GET /api/v1/plans", 200, { path: "/api/v1/plans?networkId=airtel", auth: onCatalog.auth })).json() as {
      data: Record<string, unknown>[];
    };
    expect(plans.data.find((item) => item.isUnlimited === true)).toMatchObject({ sizeMb: null, validityDays: 30 });
    expect(plans.data.find((item) => item.isUnlimited === false)?.sizeMb).toEqual(expect.any(Number));
    await call("GET /api/v1/plans", 404, { path: "/api/v1/plans?networkId=no-such-network" });
    await call("GET /api/v1/plans", 400, { path: "/api/v1/plans?networkId=%00" });
    await call("GET /api/v1/bills/{service}/products", 200, { path: "/api/v1/bills/electricity/products" });
    await call("GET /api/v1/bills/{service}/products", 404, { path: "/api/v1/bills/gas/products" });
    await call("GET /api/v1/bills/{service}/products", 400, { path: "/api/v1/bills/%00/products" });

    const bought = (await call("POST /api/v1/data", 201, { body: dataOrder() })).json() as { clientReference: string };
    await call("GET /api/v1/transactions/{clientReference}", 200, { path: `/api/v1/transactions/${bought.clientReference}` });
    // The check itself is not vacuous: the same body, broken, is refused.
    const transactionSchema =
      document.paths["/api/v1/transactions/{clientReference}"]!.get!.responses["200"]!.content!["application/json"]!.schema!;
    expect(validatorFor(transactionSchema)(bought)).toBe(true);
    for (const broken of [
      { ...bought, status: "done" },
      { ...bought, id: "not-a-uuid" },
      { ...bought, amount: -1 },
      { ...bought, service: undefined },
    ]) {
      expect(validatorFor(transactionSchema)(broken), JSON.stringify(broken)).toBe(false);
    }
    await call("GET /api/v1/transactions/{clientReference}", 404, { path: "/api/v1/transactions/never-used" });
    await call("GET /api/v1/transactions/{clientReference}", 400, { path: "/api/v1/transactions/a%00b" });
    await call("GET /api/v1/transactions", 200, { path: "/api/v1/transactions?limit=2" });
    await call("GET /api/v1/transactions", 400, { path: "/api/v1/transactions?limit=many" });

    for (const format of ["csv", "pdf"] as const) {
      const endpoint = `GET /api/v1/invoices/{period}.${format}` as const;
      await call(endpoint, 200, { path: `/api/v1/invoices/${THIS_MONTH}.${format}` });
      await call(endpoint, 400, { path: `/api/v1/invoices/2026-13.${format}` });
      // Long before the account was opened: no invoice exists.
      await call(endpoint, 404, { path: `/api/v1/invoices/2020-01.${format}` });
    }
  });

  it("purchases: new, replayed, conflicting, unaffordable, unknown, out of range, refused by the biller", async () => {
    const purchases = new Set<EndpointKey>(["POST /api/v1/data", "POST /api/v1/airtime", "POST /api/v1/bills/{service}/pay"]);
    for (const [endpoint, path, order] of WITH_BODY.filter(([key]) => purchases.has(key))) {
      const body = order();
      await call(endpoint, 201, { path, body });
      const replay = await call(endpoint, 200, { path, body });
      expect(replay.headers["idempotent-replay"]).toBe("true");
      await call(endpoint, 409, { path, body: { ...body, phone: "08039999998", customerId: "7019999998" } });
      await call(endpoint, 402, { path, body: order(), auth: unfunded.auth });
    }
    await call("POST /api/v1/data", 404, { body: { ...dataOrder(), planId: "no-such-plan" } });
    await call("POST /api/v1/airtime", 404, { body: { ...airtimeOrder(), networkId: "no-such-network" } });
    await call("POST /api/v1/airtime", 422, { body: { ...airtimeOrder(), amount: 100_000_000 } });
    await call("POST /api/v1/bills/{service}/pay", 404, {
      path: "/api/v1/bills/cable-tv/pay",
      body: { ...billOrder(), planId: "no-such-plan" },
    });
    await call("POST /api/v1/bills/{service}/pay", 422, {
      path: "/api/v1/bills/cable-tv/pay",
      body: { ...billOrder(), customerId: "7012349999" },
    });

    // Withdrawn from sale (issue 16): 422 plan.unavailable / network.unavailable.
    const withdrawn = await createTestCatalog();
    await updatePlan(operator, { id: withdrawn.plan.id, active: false });
    await updateBillProduct(operator, { id: withdrawn.fixed.id, active: false });
    await updateNetwork(operator, { id: withdrawn.network.id, active: false });
    await call("POST /api/v1/data", 422, { body: { ...dataOrder(), planId: withdrawn.plan.id } });
    await call("POST /api/v1/airtime", 422, { body: { ...airtimeOrder(), networkId: withdrawn.network.id } });
    const unavailableBill = { path: "/api/v1/bills/cable-tv/pay", body: { ...billOrder(), planId: withdrawn.fixed.id } };
    await call("POST /api/v1/bills/{service}/pay", 422, unavailableBill);
    await call("POST /api/v1/bills/{service}/verify", 422, {
      path: "/api/v1/bills/cable-tv/verify",
      body: { ...CABLE, planId: withdrawn.fixed.id },
    });

    await call("POST /api/v1/bills/{service}/verify", 200, { path: "/api/v1/bills/cable-tv/verify", body: CABLE });
    await call("POST /api/v1/bills/{service}/verify", 404, {
      path: "/api/v1/bills/cable-tv/verify",
      body: { ...CABLE, planId: "no-such-plan" },
    });
    await call("POST /api/v1/bills/{service}/verify", 422, {
      path: "/api/v1/bills/cable-tv/verify",
      body: { ...CABLE, customerId: "7012349999" },
    });
  });

  it("batches: accepted, replayed, conflicting, unaffordable, invalid by row, read, listed, unknown", async () => {
    const body = batchOf(
      { kind: "data", ...dataOrder() },
      { kind: "airtime", ...airtimeOrder() },
      { kind: "bill", service: "cable-tv", ...billOrder() },
    );
    const accepted = (await call("POST /api/v1/batches", 202, { body })).json() as { batchReference: string };
    const replay = await call("POST /api/v1/batches", 200, { body });
    expect(replay.headers["idempotent-replay"]).toBe("true");
    await call("POST /api/v1/batches", 409, { body: { ...body, orders: body.orders.slice(1) } });
    await call("POST /api/v1/batches", 402, { body: batchOf({ kind: "data", ...dataOrder() }), auth: unfunded.auth });
    await call("POST /api/v1/batches", 400, { body: batchOf({ kind: "data", ...dataOrder(), planId: "no-such-plan" }) });
    const one = `/api/v1/batches/${accepted.batchReference}`;
    await call("GET /api/v1/batches/{batchReference}", 200, { path: one });
    await call("GET /api/v1/batches/{batchReference}", 404, { path: "/api/v1/batches/never-used" });
    await call("GET /api/v1/batches/{batchReference}", 400, { path: "/api/v1/batches/a%00b" });
    await call("GET /api/v1/batches/{batchReference}/transactions", 200, { path: `${one}/transactions?limit=2` });
    await call("GET /api/v1/batches/{batchReference}/transactions", 404, { path: "/api/v1/batches/never-used/transactions" });
    await call("GET /api/v1/batches/{batchReference}/transactions", 400, { path: `${one}/transactions?cursor=not-a-cursor` });
  });

  // What src/schemas/api.ts says in words about each purchase kind's Transaction, beyond its types.
  it("transactions carry what the field descriptions promise for each purchase kind", async () => {
    const data = (await call("POST /api/v1/data", 201, { body: dataOrder() })).json() as Record<string, unknown>;
    expect(data).toMatchObject({ service: "Data", planId: "mtn-1gb-30d", networkId: "mtn", customerName: null, token: null });
    expect(data.productName).toEqual(expect.any(String));

    const airtime = (await call("POST /api/v1/airtime", 201, { body: airtimeOrder() })).json() as Record<string, unknown>;
    expect(airtime).toMatchObject({
      service: "Airtime",
      planId: null,
      networkId: "mtn",
      productName: "MTN Airtime",
      customerName: null,
      token: null,
    });

    const cable = (
      await call("POST /api/v1/bills/{service}/pay", 201, { path: "/api/v1/bills/cable-tv/pay", body: billOrder() })
    ).json() as Record<string, unknown>;
    expect(cable).toMatchObject({ service: "CableTv", planId: CABLE.planId, networkId: null, token: null });
    expect(cable.productName).toEqual(expect.any(String));
    expect(cable.customerName).toEqual(expect.any(String));

    const electricity = {
      clientReference: reference("doc-power"),
      planId: "ikeja-electric-prepaid",
      customerId: "45012345678",
      amount: 500_000,
    };
    const power = (
      await call("POST /api/v1/bills/{service}/pay", 201, { path: "/api/v1/bills/electricity/pay", body: electricity })
    ).json() as Record<string, unknown>;
    expect(power).toMatchObject({ service: "Electricity", status: "successful", networkId: null, pins: null, bonusToken: null });
    expect(power.token).toMatch(/^\d{20}$/);
    expect(power.units).toBe("80.0 kWh");

    // A card: its serial and PIN in `pins`, the PIN as `token` too.
    const pin = (
      await call("POST /api/v1/bills/{service}/pay", 201, {
        path: "/api/v1/bills/education/pay",
        body: { clientReference: reference("doc-pin"), planId: "waec-result-checker", customerId: "cand-0042" },
      })
    ).json() as Record<string, unknown>;
    expect(pin).toMatchObject({ service: "Education", units: null, bonusToken: null });
    expect(pin.pins).toEqual([{ serial: expect.stringMatching(/^WRN\d{9}$/), pin: pin.token }]);

    // Read back, the stored transaction says the same.
    const stored = (
      await call("GET /api/v1/transactions/{clientReference}", 200, { path: `/api/v1/transactions/${String(airtime.clientReference)}` })
    ).json();
    expect(stored).toMatchObject({ planId: null, productName: "MTN Airtime" });
    const pending = (await call("POST /api/v1/airtime", 201, { body: { ...airtimeOrder(), phone: "08031231111" } })).json() as Record<
      string,
      unknown
    >;
    expect(pending).toMatchObject({ status: "pending", completedAt: null, token: null, productName: "MTN Airtime" });

    // The words these answers are held to: what the document says of airtime.
    const described = (document.components.schemas.Transaction as { properties: Record<string, { description?: string }> }).properties;
    expect(described.planId?.description).toMatch(/null for airtime/);
    expect(described.productName?.description).not.toMatch(/null for airtime/);
    expect(described.productName?.description).toContain("MTN Airtime");
    expect(described.token?.description).toMatch(/first PIN of `pins`/);
    expect(described.units?.description).toMatch(/Electricity/);
  });

  it("webhook endpoints and events: each operation's successes, refusals and unknown ids", async () => {
    const created = (
      await call("POST /api/v1/webhook-endpoints", 201, { body: { url: "https://example.com/hooks/documented" } })
    ).json() as {
      id: string;
    };
    const one = `/api/v1/webhook-endpoints/${created.id}`;
    await call("GET /api/v1/webhook-endpoints", 200);
    await call("GET /api/v1/webhook-endpoints/{endpointId}", 200, { path: one });
    await call("PATCH /api/v1/webhook-endpoints/{endpointId}", 200, { path: one, body: { description: "documented" } });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret", 200, {
      path: `${one}/rotate-secret`,
      body: { overlapHours: 1 },
    });
    // The body may be left out.
    await call("POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret", 200, { path: `${one}/rotate-secret` });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/test", 202, { path: `${one}/test` });
    await call("GET /api/v1/events", 200, { path: "/api/v1/events?limit=2" });
    await call("GET /api/v1/events", 200, { path: "/api/v1/events?type=wallet.funded&since=2026-01-01T00:00:00Z" });

    await call("POST /api/v1/webhook-endpoints", 400, { body: { url: "ftp://example.com/hooks" } });
    await call("GET /api/v1/webhook-endpoints/{endpointId}", 400, { path: "/api/v1/webhook-endpoints/a%00b" });
    await call("PATCH /api/v1/webhook-endpoints/{endpointId}", 400, { path: one, body: {} });
    await call("DELETE /api/v1/webhook-endpoints/{endpointId}", 400, { path: "/api/v1/webhook-endpoints/a%00b" });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret", 400, {
      path: `${one}/rotate-secret`,
      body: { overlapHours: 1_000 },
    });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/test", 400, { path: "/api/v1/webhook-endpoints/a%00b/test" });
    await call("GET /api/v1/events", 400, { path: "/api/v1/events?cursor=not-a-cursor" });

    await call("GET /api/v1/webhook-endpoints/{endpointId}", 404, { path: UNKNOWN_ENDPOINT });
    await call("PATCH /api/v1/webhook-endpoints/{endpointId}", 404, { path: UNKNOWN_ENDPOINT, body: { description: "x" } });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret", 404, { path: `${UNKNOWN_ENDPOINT}/rotate-secret` });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/test", 404, { path: `${UNKNOWN_ENDPOINT}/test` });
    await call("DELETE /api/v1/webhook-endpoints/{endpointId}", 404, { path: UNKNOWN_ENDPOINT });

    for (const [endpoint, path, body] of [
      ["POST /api/v1/webhook-endpoints", "/api/v1/webhook-endpoints", { url: "https://example.com/hooks/x" }],
      ["PATCH /api/v1/webhook-endpoints/{endpointId}", one, { description: "x" }],
      ["POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret", `${one}/rotate-secret`, { overlapHours: 0 }],
    ] as const) {
      await call(endpoint, 413, { path, rawBody: oversized });
      await call(endpoint, 415, { path, rawBody: JSON.stringify(body), contentType: "text/plain" });
    }

    // The delivery log (the test event queued above), resends, and the low-balance threshold.
    const deliveries = (
      await call("GET /api/v1/webhook-endpoints/{endpointId}/deliveries", 200, { path: `${one}/deliveries?limit=5` })
    ).json() as { data: { id: string }[] };
    const resend = `${one}/deliveries/${deliveries.data[0]!.id}/resend`;
    await call("POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend", 202, { path: resend });
    const since = { since: "2026-01-01T00:00:00Z" };
    await call("POST /api/v1/webhook-endpoints/{endpointId}/resend-failed", 202, { path: `${one}/resend-failed`, body: since });
    const threshold = "/api/v1/webhook-endpoints/low-balance-threshold";
    await call("GET /api/v1/webhook-endpoints/low-balance-threshold", 200);
    await call("PUT /api/v1/webhook-endpoints/low-balance-threshold", 200, { body: { threshold: 500_000 } });
    await call("PUT /api/v1/webhook-endpoints/low-balance-threshold", 200, { body: { threshold: null } });

    await call("GET /api/v1/webhook-endpoints/{endpointId}/deliveries", 400, { path: `${one}/deliveries?status=lost` });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend", 400, {
      path: `${one}/deliveries/${"9".repeat(31)}/resend`,
    });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/resend-failed", 400, { path: `${one}/resend-failed`, body: {} });
    await call("PUT /api/v1/webhook-endpoints/low-balance-threshold", 400, { body: { threshold: -1 } });
    await call("GET /api/v1/webhook-endpoints/{endpointId}/deliveries", 404, { path: `${UNKNOWN_ENDPOINT}/deliveries` });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend", 404, {
      path: `${UNKNOWN_ENDPOINT}/deliveries/1/resend`,
    });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend", 404, {
      path: `${one}/deliveries/999999999/resend`,
    });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/resend-failed", 404, {
      path: `${UNKNOWN_ENDPOINT}/resend-failed`,
      body: since,
    });
    for (const [endpoint, path, body] of [
      ["POST /api/v1/webhook-endpoints/{endpointId}/resend-failed", `${one}/resend-failed`, since],
      ["PUT /api/v1/webhook-endpoints/low-balance-threshold", threshold, { threshold: 1 }],
    ] as const) {
      await call(endpoint, 413, { path, rawBody: oversized });
      await call(endpoint, 415, { path, rawBody: JSON.stringify(body), contentType: "text/plain" });
    }

    await call("PATCH /api/v1/webhook-endpoints/{endpointId}", 200, { path: one, body: { enabled: false } });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/test", 409, { path: `${one}/test` });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend", 409, { path: resend });
    await call("POST /api/v1/webhook-endpoints/{endpointId}/resend-failed", 409, { path: `${one}/resend-failed`, body: since });
    await call("DELETE /api/v1/webhook-endpoints/{endpointId}", 200, { path: one });

    // Another account fills its ten places; the eleventh is refused.
    const full = await createAccountWithKey();
    for (let index = 0; index < 10; index++) {
      await call("POST /api/v1/webhook-endpoints", 201, { body: { url: `https://example.com/hooks/${index}` }, auth: full.auth });
    }
    await call("POST /api/v1/webhook-endpoints", 409, { body: { url: "https://example.com/hooks/eleventh" }, auth: full.auth });
  });

  it("funding: the funding accounts, the fundings, a simulated transfer in test mode and refused live", async () => {
    const live = (await call("GET /api/v1/funding-accounts", 200)).json() as { data: unknown[]; available: boolean };
    // This server has no Paystack: live funding by bank transfer is off, and says so.
    expect(live).toEqual({ data: [], available: false });
    const { apiKey } = await createApiKey(operator, { accountId: main.accountId, name: uniqueName("test"), mode: "test" });
    const testKey = { authorization: `Bearer ${apiKey}` };
    const simulated = (await call("GET /api/v1/funding-accounts", 200, { auth: testKey })).json() as { data: { provider: string }[] };
    expect(simulated.data.map((account) => account.provider)).toEqual(["simulated"]);
    const funding = (await call("POST /api/v1/fundings/simulate", 201, { body: { amount: 500_000 }, auth: testKey })).json();
    expect(funding).toMatchObject({ amount: 495_000, fee: 5_000, channel: "bank_transfer", livemode: false });
    await call("POST /api/v1/fundings/simulate", 403, { body: { amount: 500_000 } });
    await call("GET /api/v1/fundings", 200, { path: "/api/v1/fundings?limit=1", auth: testKey });
    await call("GET /api/v1/fundings", 200, { path: "/api/v1/fundings?from=2026-01-01" });
    await call("GET /api/v1/fundings", 400, { path: "/api/v1/fundings?cursor=not-a-cursor" });
  });

  it("invoices: refused to a test key, as live documents (after the rate limit, so with its headers)", async () => {
    const { apiKey } = await createApiKey(operator, { accountId: main.accountId, name: uniqueName("test"), mode: "test" });
    for (const format of ["csv", "pdf"] as const) {
      await call(`GET /api/v1/invoices/{period}.${format}`, 403, {
        path: `/api/v1/invoices/${THIS_MONTH}.${format}`,
        auth: { authorization: `Bearer ${apiKey}` },
      });
    }
  });

  it("bodies: invalid, not JSON, too large, of another media type", async () => {
    for (const [endpoint, path] of WITH_BODY) {
      await call(endpoint, 400, { path, body: {} });
      await call(endpoint, 400, { path, rawBody: "{not json" });
      await call(endpoint, 413, { path, rawBody: oversizedFor(endpoint) });
      await call(endpoint, 415, { path, rawBody: JSON.stringify(validBodyFor(endpoint)), contentType: "text/plain" });
    }
  });

  it("no key, a key used from outside the allowlist or with none configured", async () => {
    for (const endpoint of AUTHENTICATED) {
      const body = validBodyFor(endpoint);
      const path = EXAMPLE_PATHS[endpoint];
      await call(endpoint, 401, { path, body, auth: {} });
      await call(endpoint, 401, { path, body, auth: { authorization: "Bearer pk_live_nonsense" } });
      await call(endpoint, 403, { path, body, auth: notAllowed.auth });
      await call(endpoint, 403, { path, body, auth: notConfigured.auth });
    }
  });

  it("over the rate limit; and the biller unreachable", async () => {
    for (const endpoint of AUTHENTICATED) {
      const { apiKey } = await createApiKey(operator, { accountId: main.accountId, name: uniqueName("limited") });
      const auth = { authorization: `Bearer ${apiKey}` };
      const path = EXAMPLE_PATHS[endpoint];
      // The first request spends the key's one request; its answer depends on the endpoint.
      await request(limited.url(path), { method: endpoint.split(" ")[0], headers: auth, localAddress: "127.0.0.1" });
      await call(endpoint, 429, { path, body: validBodyFor(endpoint), auth, on: limited });
    }
    for (const endpoint of ["POST /api/v1/bills/{service}/verify", "POST /api/v1/bills/{service}/pay"] as const) {
      const { apiKey } = await createApiKey(operator, { accountId: main.accountId, name: uniqueName("biller") });
      await call(endpoint, 503, {
        path: EXAMPLE_PATHS[endpoint],
        body: validBodyFor(endpoint),
        auth: { authorization: `Bearer ${apiKey}` },
        on: limited,
      });
    }
  });

  it("with the database gone: the fixed 500", async () => {
    await database.close();
    for (const endpoint of AUTHENTICATED) await call(endpoint, 500, { path: EXAMPLE_PATHS[endpoint], body: validBodyFor(endpoint) });
    // The document itself needs no database.
    await call("GET /api/v1/openapi.json", 200, { auth: {} });
  });

  it("produced every documented status of every operation", () => {
    for (const endpoint of ENDPOINTS) {
      const [method = "GET", path = ""] = endpoint.split(" ");
      const documented = Object.keys(document.paths[path]![method.toLowerCase()]!.responses).map(Number);
      expect([...(produced.get(endpoint) ?? [])].sort(), endpoint).toEqual(documented.sort());
    }
  });

  it("saw every documented header of every response on at least one answer", () => {
    for (const endpoint of ENDPOINTS) {
      const [method = "GET", path = ""] = endpoint.split(" ");
      for (const [status, response] of Object.entries(document.paths[path]![method.toLowerCase()]!.responses)) {
        let expected = Object.keys(response.headers ?? {}).map((name) => name.toLowerCase());
        // The one 500 this test can cause, the database outage, comes before the key is counted, except
        // where the key is remembered (data and airtime, key-memory.ts): it was counted from memory.
        if (status === "500" && !AUTHORIZED_FROM_MEMORY.has(endpoint)) expected = expected.filter((name) => !name.startsWith("ratelimit-"));
        expect([...(headersSeen.get(`${endpoint} ${status}`) ?? [])].sort(), `${endpoint} ${status}`).toEqual(expected.sort());
      }
    }
  });
});
