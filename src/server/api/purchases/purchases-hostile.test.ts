/**
 * Hostile request bodies against the purchase endpoints, over real sockets against the production
 * server (DESIGN.md §3.2–§3.4): wrong types, bad amounts, odd references, whole bodies that are not
 * objects, prototype keys, deep nesting, duplicate keys, bad bytes, wrong content types and oversized
 * bodies. Every one must be a 4xx problem+json with an X-Request-Id, and — the point — must leave the
 * account's balance, ledger and transactions exactly as they were. Then the business refusals that
 * sit next to validation: out-of-range amounts, an amount on a fixed-price bill or none on a variable
 * one, unknown customers; and `ported`, which is accepted and ignored.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { request, type HttpResponse } from "~/test/http";
import { balanceOf, ensureSandboxCatalog, fundedAccount, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

let server: TestServer;
beforeAll(async () => {
  await ensureSandboxCatalog();
  server = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL! });
}, 60_000);

type Account = Awaited<ReturnType<typeof fundedAccount>>;
const FUNDING = 10_000_000n;

function post(account: Pick<Account, "auth">, path: string, body: string | Buffer | undefined, headers: Record<string, string> = {}) {
  const lowered = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return request(server.url(`/api/v1${path}`), {
    method: "POST",
    headers: { ...account.auth, ...("content-type" in lowered ? {} : { "content-type": "application/json" }), ...lowered },
    body,
  });
}

interface MoneyState {
  balance: bigint;
  ledger: { id: bigint; amount: bigint; balanceAfter: bigint }[];
  transactions: number;
}

async function moneyState(accountId: string): Promise<MoneyState> {
  const [balance, ledger, transactions] = await Promise.all([
    balanceOf(accountId),
    db.ledgerEntry.findMany({ where: { accountId }, orderBy: { id: "asc" }, select: { id: true, amount: true, balanceAfter: true } }),
    db.transaction.count({ where: { accountId } }),
  ]);
  return { balance, ledger, transactions };
}

interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors: { name: string; reason: string }[];
}

/** The contract's error form (§3.4): 4xx, problem+json, type/title/status/errors[], X-Request-Id. */
function expectProblem(response: HttpResponse, label: string): ProblemBody {
  expect(response.status, `${label}: ${response.text}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${label}: ${response.text}`).toBeLessThan(500);
  expect(response.headers["x-request-id"], label).toBeTruthy();
  expect(response.headers["content-type"], label).toContain("application/problem+json");
  const body = response.json() as ProblemBody;
  expect(typeof body.type, label).toBe("string");
  expect(body.type.length, label).toBeGreaterThan(0);
  expect(typeof body.title, label).toBe("string");
  expect(body.title.length, label).toBeGreaterThan(0);
  expect(body.status, label).toBe(response.status);
  expect(Array.isArray(body.errors), label).toBe(true);
  expect(body.errors.length, label).toBeGreaterThan(0);
  for (const error of body.errors) {
    expect(typeof error.name, label).toBe("string");
    expect(error.name.length, label).toBeGreaterThan(0);
    expect(typeof error.reason, label).toBe("string");
    expect(error.reason.length, label).toBeGreaterThan(0);
  }
  // Nothing internal leaks into an error.
  expect(response.text, label).not.toMatch(/prisma|postgres|sqlstate|stack|at .*\.ts:\d+/i);
  return body;
}

// ---------------------------------------------------------------------------------------------
// The endpoints and the hostile cases for each.

interface Endpoint {
  name: string;
  path: string;
  /** A valid body, with a fresh clientReference where there is one: accepted, it would charge. */
  valid: () => Record<string, unknown>;
  required: string[];
  /** What the schema itself requires (electricity's amount is required by the product, not the schema). */
  schemaRequired?: string[];
  /** Text fields refused by their format (400 naming the field) rather than looked up (404). */
  formatted: string[];
  lookedUp: string[];
  amount: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: "data",
    path: "/data",
    valid: () => ({ clientReference: reference("hostile"), planId: "mtn-1gb-30d", phone: "08031234567" }),
    required: ["clientReference", "planId", "phone"],
    formatted: ["clientReference", "phone"],
    lookedUp: ["planId"],
    amount: false,
  },
  {
    name: "airtime",
    path: "/airtime",
    valid: () => ({ clientReference: reference("hostile"), networkId: "mtn", phone: "08031234567", amount: 10_000 }),
    required: ["clientReference", "networkId", "phone", "amount"],
    formatted: ["clientReference", "phone"],
    lookedUp: ["networkId"],
    amount: true,
  },
  {
    name: "electricity pay",
    path: "/bills/electricity/pay",
    valid: () => ({ clientReference: reference("hostile"), planId: "ikeja-electric-prepaid", customerId: "45012345678", amount: 100_000 }),
    required: ["clientReference", "planId", "customerId", "amount"],
    schemaRequired: ["clientReference", "planId", "customerId"],
    formatted: ["clientReference", "customerId"],
    lookedUp: ["planId"],
    amount: true,
  },
  {
    name: "cable-tv pay",
    path: "/bills/cable-tv/pay",
    valid: () => ({ clientReference: reference("hostile"), planId: "dstv-padi", customerId: "45012345678" }),
    required: ["clientReference", "planId", "customerId"],
    formatted: ["clientReference", "customerId"],
    lookedUp: ["planId"],
    amount: false,
  },
  {
    name: "electricity verify",
    path: "/bills/electricity/verify",
    valid: () => ({ planId: "ikeja-electric-prepaid", customerId: "45012345678" }),
    required: ["planId", "customerId"],
    formatted: ["customerId"],
    lookedUp: ["planId"],
    amount: false,
  },
];

interface HostileCase {
  label: string;
  body: string | Buffer | undefined;
  headers?: Record<string, string>;
  /** The exact status, when the contract fixes it. */
  status?: number;
  /** Error names that must all appear. */
  names?: string[];
  /** For looked-up ids: 400 naming the field, or 404 *.not_found. */
  lookup?: string;
}

const WRONG_TYPES: [string, unknown][] = [
  ["a number", 12345678901],
  ["zero", 0],
  ["true", true],
  ["false", false],
  ["null", null],
  ["an empty array", []],
  ["an array of strings", ["08031234567"]],
  ["an empty object", {}],
  ["an operator object", { $ne: null }],
  ["a fractional number", 1.5],
];

const NASTY_STRINGS: [string, string][] = [
  ["empty", ""],
  ["a space", " "],
  ["500 characters", "x".repeat(500)],
  ["101 characters", "r".repeat(101)],
  ["SQL injection", "x'; DROP TABLE transactions;--"],
  ["SQL injection 2", "' OR '1'='1"],
  ["spaces", "order 10001"],
  ["unicode", "ünïcödé-ref"],
  ["emoji", "ref-😀"],
  ["a NUL byte", "ref\u0000x"],
  ["a lone surrogate", "ref\ud800"],
  ["a newline", "ref\nx"],
  ["markup", "<script>alert(1)</script>"],
  ["a lookup string", "${jndi:ldap://x/a}"],
  ["a path", "../../etc/passwd"],
  ["percent-encoded", "%00%27"],
  ["right-to-left override", "ref\u202egnp.exe"],
];

const BAD_AMOUNTS: [string, string][] = [
  ["negative", "-1"],
  ["zero", "0"],
  ["negative zero", "-0"],
  ["fractional", "1.5"],
  ["fractional kobo", "10000.5"],
  ["1e30", "1e30"],
  ["2^53+1", "9007199254740993"],
  ["above the purchase maximum", "1000000001"],
  ["an overflowing exponent", "1e400"],
  ["a long numeric string", '"999999999999999999999"'],
  ["a numeric string", '"10000"'],
  ["an exponent string", '"1e5"'],
  ["a boolean", "true"],
  ["null", "null"],
  ["an array", "[10000]"],
  ["an object", '{"value":10000}'],
  ["a hex string", '"0x2710"'],
];

function without(body: Record<string, unknown>, field: string): Record<string, unknown> {
  const copy = { ...body };
  delete copy[field];
  return copy;
}

/** `{...rest, "field": <raw JSON>}` as text, so raw values (-0, 1e400, big integers) reach the server unrounded. */
function withRaw(body: Record<string, unknown>, field: string, raw: string): string {
  const rest = JSON.stringify(without(body, field));
  return `${rest.slice(0, -1)}${rest.length > 2 ? "," : ""}${JSON.stringify(field)}:${raw}}`;
}

function deepValue(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

function hostileCases(endpoint: Endpoint): HostileCase[] {
  const cases: HostileCase[] = [];
  const fieldCase = (field: string, label: string, body: string | Buffer) =>
    cases.push(endpoint.lookedUp.includes(field) ? { label, body, lookup: field } : { label, body, status: 400, names: [field] });

  for (const field of endpoint.required) {
    cases.push({ label: `${field} missing`, body: JSON.stringify(without(endpoint.valid(), field)), status: 400, names: [field] });
    if (!(endpoint.amount && field === "amount")) {
      for (const [label, value] of WRONG_TYPES) {
        cases.push({
          label: `${field} as ${label}`,
          body: JSON.stringify({ ...endpoint.valid(), [field]: value }),
          status: 400,
          names: [field],
        });
      }
    }
    cases.push({ label: `${field} deeply nested`, body: withRaw(endpoint.valid(), field, deepValue(1_000)), status: 400, names: [field] });
    const valid = endpoint.valid();
    cases.push({
      label: `${field} duplicated, the last one invalid`,
      body: `${JSON.stringify(valid).slice(0, -1)},${JSON.stringify(field)}:{"x":1}}`,
      status: 400,
      names: [field],
    });
    cases.push({
      label: `${field} only on __proto__`,
      body: withRaw(without(valid, field), "__proto__", JSON.stringify({ [field]: valid[field] })),
      status: 400,
      names: [field],
    });
    cases.push({
      label: `${field} only on constructor.prototype`,
      body: withRaw(without(valid, field), "constructor", JSON.stringify({ prototype: { [field]: valid[field] } })),
      status: 400,
      names: [field],
    });
    cases.push({
      label: `${field} as an object with __proto__`,
      body: withRaw(valid, field, '{"__proto__":{"polluted":true}}'),
      status: 400,
      names: [field],
    });
    cases.push({
      label: `${field} key in upper case`,
      body: JSON.stringify({ ...without(valid, field), [field.toUpperCase()]: valid[field] }),
      status: 400,
      names: [field],
    });
  }

  for (const field of [...endpoint.formatted, ...endpoint.lookedUp]) {
    for (const [label, value] of NASTY_STRINGS) {
      fieldCase(field, `${field} ${label}`, JSON.stringify({ ...endpoint.valid(), [field]: value }));
    }
    // Bytes that are not UTF-8 inside the field's string.
    const marker = "\u0001MARK\u0001";
    const text = JSON.stringify({ ...endpoint.valid(), [field]: `a${marker}b` });
    const [before, after] = text.split(JSON.stringify(marker).slice(1, -1));
    fieldCase(
      field,
      `${field} with invalid UTF-8 bytes`,
      Buffer.concat([Buffer.from(before!), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(after!)]),
    );
  }
  if (endpoint.lookedUp.includes("planId") || endpoint.lookedUp.includes("networkId")) {
    const field = endpoint.lookedUp[0]!;
    cases.push({
      label: `${field} of 65 characters`,
      body: JSON.stringify({ ...endpoint.valid(), [field]: "p".repeat(65) }),
      status: 400,
      names: [field],
    });
  }

  if (endpoint.amount) {
    for (const [label, raw] of BAD_AMOUNTS) {
      cases.push({ label: `amount ${label} (${raw})`, body: withRaw(endpoint.valid(), "amount", raw), status: 400, names: ["amount"] });
    }
  }

  // Whole bodies that are not an object.
  const general = (label: string, body: string | Buffer | undefined, status = 400): HostileCase => ({
    label,
    body,
    status,
    names: ["generalErrors"],
  });
  cases.push(
    general("an empty body", ""),
    general("no body at all", undefined),
    general("whitespace only", "  \n\t "),
    general("body null", "null"),
    general('body "null"', '"null"'),
    general("body true", "true"),
    general("body a number", "42"),
    general("body a string of JSON", JSON.stringify(JSON.stringify(endpoint.valid()))),
    general("body an empty array", "[]"),
    general("body an array holding the order", JSON.stringify([endpoint.valid()])),
    general("body an array of nulls", "[null,null]"),
    general("deeply nested arrays", `${"[".repeat(5_000)}${"]".repeat(5_000)}`),
    general("truncated JSON", JSON.stringify(endpoint.valid()).slice(0, -1)),
    general("JSON with a trailing comma", `${JSON.stringify(endpoint.valid()).slice(0, -1)},}`),
    general("JSON with single quotes", JSON.stringify(endpoint.valid()).replaceAll('"', "'")),
    general("JSON with a comment", `/* c */${JSON.stringify(endpoint.valid())}`),
    general("two JSON objects", `${JSON.stringify(endpoint.valid())}${JSON.stringify(endpoint.valid())}`),
    general("a byte-order mark", `\ufeff${JSON.stringify(endpoint.valid())}`),
    general("invalid UTF-8 as the whole body", Buffer.from([0xc3, 0x28, 0xff, 0xfe])),
    general("a NUL byte body", Buffer.from([0x00])),
    general("form encoding with a JSON content type", "clientReference=a&planId=b"),
  );
  const schemaRequired = endpoint.schemaRequired ?? endpoint.required;
  cases.push({ label: "an empty object", body: "{}", status: 400, names: schemaRequired });
  cases.push({
    label: "a valid body wrapped in another object",
    body: JSON.stringify({ order: endpoint.valid() }),
    status: 400,
    names: schemaRequired,
  });
  cases.push({ label: "deeply nested objects", body: deepValue(2_500), status: 400, names: schemaRequired });

  // Size and media type: refused before the body is looked at.
  const big = JSON.stringify({ ...endpoint.valid(), padding: "x".repeat(20 * 1024) });
  cases.push(general("a 20 KB body", big, 413));
  cases.push({ ...general("a 20 KB body, chunked", big, 413), headers: { "transfer-encoding": "chunked" } });
  const json = JSON.stringify(endpoint.valid());
  for (const contentType of [
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "text/json",
    "application/jsonx",
    "application/xml",
    "",
  ]) {
    cases.push({ ...general(`content type '${contentType}'`, json, 415), headers: { "content-type": contentType } });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------

describe.each(ENDPOINTS)("hostile bodies on POST /api/v1$path", (endpoint) => {
  let account: Account;
  let initial: MoneyState;
  beforeAll(async () => {
    account = await fundedAccount(FUNDING);
    initial = await moneyState(account.accountId);
    expect(initial.balance).toBe(FUNDING);
  });

  const cases = hostileCases(endpoint);
  const asRows = (list: HostileCase[]) => list.map((hostile) => [hostile.label, hostile] as const);

  it.for(asRows(cases))("%s", async ([label, hostile]) => {
    const response = await post(account, endpoint.path, hostile.body, hostile.headers);
    await expectHostileRefused(label, hostile, response);
  });

  async function expectHostileRefused(label: string, hostile: HostileCase, response: HttpResponse) {
    const problem = expectProblem(response, label);
    const names = problem.errors.map((error) => error.name);
    if (hostile.status !== undefined) expect(response.status, `${label}: ${response.text}`).toBe(hostile.status);
    for (const name of hostile.names ?? []) expect(names, `${label}: ${response.text}`).toContain(name);
    if (hostile.lookup) {
      if (response.status === 400) expect(names, `${label}: ${response.text}`).toContain(hostile.lookup);
      else {
        expect(response.status, `${label}: ${response.text}`).toBe(404);
        expect(names[0], label).toMatch(/\.not_found$/);
      }
    }
    // The essential part: nothing moved.
    expect(await moneyState(account.accountId), label).toEqual(initial);
  }

  it("still accepts the valid body afterwards (the cases above were refused for their content)", async () => {
    const response = await post(account, endpoint.path, JSON.stringify(endpoint.valid()));
    expect(response.status, response.text).toBe(endpoint.path.endsWith("/verify") ? 200 : 201);
    expect(response.headers["x-request-id"]).toBeTruthy();
  });
});

describe("the error form of a refused body", () => {
  let account: Account;
  beforeAll(async () => {
    account = await fundedAccount(FUNDING);
  });

  /** Bodies where one field breaks more than one rule. */
  const multiIssue: [string, string, Record<string, unknown>][] = [
    ["an empty clientReference", "/data", { clientReference: "", planId: "mtn-1gb-30d", phone: "08031234567" }],
    ["clientReference as an empty array", "/data", { clientReference: [], planId: "mtn-1gb-30d", phone: "08031234567" }],
    ["an amount of 1e30", "/airtime", { clientReference: reference(), networkId: "mtn", phone: "08031234567", amount: 1e30 }],
    ["planId as an empty array", "/bills/electricity/verify", { planId: [], customerId: "45012345678" }],
  ];

  it(`names each offending field once (§3.4 "one entry per field")`, async () => {
    for (const [label, path, body] of multiIssue) {
      const problem = expectProblem(await post(account, path, JSON.stringify(body)), label);
      const names = problem.errors.map((error) => error.name);
      expect(new Set(names).size, `${label}: ${JSON.stringify(problem.errors)}`).toBe(names.length);
    }
  });

  it("still names the field and charges nothing when a field breaks several rules", async () => {
    const before = await moneyState(account.accountId);
    for (const [label, path, body] of multiIssue) {
      const response = await post(account, path, JSON.stringify(body));
      const problem = expectProblem(response, label);
      expect(response.status).toBe(400);
      expect(
        problem.errors.every((error) => Object.hasOwn(body, error.name)),
        JSON.stringify(problem.errors),
      ).toBe(true);
    }
    expect(await moneyState(account.accountId)).toEqual(before);
  });

  const badPaths = ["/bills/%FF/pay", "/bills/%ED%A0%80/pay", "/bills/%C3%28/verify"];
  it("answers a path segment that is not UTF-8 with a 4xx problem", async () => {
    for (const path of badPaths) {
      const response = await post(
        account,
        path,
        JSON.stringify({ clientReference: reference(), planId: "dstv-padi", customerId: "45012345678" }),
      );
      expectProblem(response, path);
    }
  });

  it("charges nothing for a path segment that is not UTF-8, whatever it answers", async () => {
    const before = await moneyState(account.accountId);
    for (const path of badPaths) {
      const response = await post(
        account,
        path,
        JSON.stringify({ clientReference: reference(), planId: "dstv-padi", customerId: "45012345678" }),
      );
      expect(response.status).not.toBe(201);
      expect(response.text).not.toMatch(/prisma|postgres|at .*\.ts:\d+/i);
    }
    expect(await moneyState(account.accountId)).toEqual(before);
  });
});

describe("refusals next to validation charge nothing", () => {
  let account: Account;
  beforeAll(async () => {
    account = await fundedAccount(FUNDING);
  });

  async function expectRefused(path: string, body: Record<string, unknown>, status: number, name: string) {
    const before = await moneyState(account.accountId);
    const response = await post(account, path, JSON.stringify(body));
    const problem = expectProblem(response, `${path} ${JSON.stringify(body)}`);
    expect(response.status, response.text).toBe(status);
    expect(
      problem.errors.map((error) => error.name),
      response.text,
    ).toContain(name);
    expect(await moneyState(account.accountId)).toEqual(before);
    if ("clientReference" in body) {
      const stored = await db.transaction.findFirst({
        where: { accountId: account.accountId, clientReference: String(body.clientReference) },
      });
      expect(stored, "a refused purchase leaves no transaction").toBeNull();
    }
    return problem;
  }

  /** expectRefused for a new order: the fields under a fresh client reference. */
  function expectOrderRefused(path: string, fields: Record<string, unknown>, status: number, name: string) {
    return expectRefused(path, { clientReference: reference(), ...fields }, status, name);
  }

  it("airtime outside the network's bounds: 422 amount.out_of_range", async () => {
    const network = await db.network.findUniqueOrThrow({ where: { id: "mtn" } });
    for (const amount of [Number(network.airtimeMinAmount) - 1, 1, Number(network.airtimeMaxAmount) + 1, 1_000_000_000]) {
      const problem = await expectOrderRefused("/airtime", { networkId: "mtn", phone: "08031234567", amount }, 422, "amount.out_of_range");
      expect(problem.detail).toContain(String(network.airtimeMinAmount));
    }
  });

  it("electricity outside the product's bounds: 422 amount.out_of_range", async () => {
    for (const amount of [99_999, 50_000_001]) {
      await expectOrderRefused(
        "/bills/electricity/pay",
        { planId: "ikeja-electric-prepaid", customerId: "45012345678", amount },
        422,
        "amount.out_of_range",
      );
    }
  });

  it("a fixed-price bill with an amount: 400 naming amount", async () => {
    for (const amount of [440_000, 1, 100_000]) {
      await expectOrderRefused("/bills/cable-tv/pay", { planId: "dstv-padi", customerId: "45012345678", amount }, 400, "amount");
    }
    await expectOrderRefused(
      "/bills/education/pay",
      { planId: "waec-result-checker", customerId: "45012345678", amount: 390_000 },
      400,
      "amount",
    );
  });

  it("an electricity payment without an amount: 400 naming amount", async () => {
    await expectOrderRefused("/bills/electricity/pay", { planId: "ikeja-electric-prepaid", customerId: "45012345678" }, 400, "amount");
  });

  it("a customer id ending in 9999: 422 customer.invalid on verify and on pay", async () => {
    for (const customerId of ["4501239999", " 4501239999 ", "ACME-9999"]) {
      await expectRefused("/bills/electricity/verify", { planId: "ikeja-electric-prepaid", customerId }, 422, "customer.invalid");
      await expectRefused("/bills/cable-tv/verify", { planId: "dstv-padi", customerId }, 422, "customer.invalid");
      await expectOrderRefused(
        "/bills/electricity/pay",
        { planId: "ikeja-electric-prepaid", customerId, amount: 100_000 },
        422,
        "customer.invalid",
      );
      await expectOrderRefused("/bills/cable-tv/pay", { planId: "dstv-padi", customerId }, 422, "customer.invalid");
    }
  });

  it("unknown services, plans and networks: 404, and a product of another service is not found", async () => {
    await expectOrderRefused("/bills/gas/pay", { planId: "dstv-padi", customerId: "45012345678" }, 404, "service.not_found");
    await expectRefused("/bills/gas/verify", { planId: "dstv-padi", customerId: "45012345678" }, 404, "service.not_found");
    await expectOrderRefused(
      "/bills/electricity/pay",
      { planId: "dstv-padi", customerId: "45012345678", amount: 100_000 },
      404,
      "plan.not_found",
    );
    await expectOrderRefused("/data", { planId: "ikeja-electric-prepaid", phone: "08031234567" }, 404, "plan.not_found");
    await expectOrderRefused("/airtime", { networkId: "vodafone", phone: "08031234567", amount: 10_000 }, 404, "network.not_found");
  });

  it("a purchase the balance cannot cover: 402, nothing left behind", async () => {
    const poor = await fundedAccount(27_999n);
    const before = await moneyState(poor.accountId);
    const clientReference = reference();
    const response = await post(poor, "/data", JSON.stringify({ clientReference, planId: "mtn-1gb-30d", phone: "08031234567" }));
    const problem = expectProblem(response, "402");
    expect(response.status).toBe(402);
    expect(problem.errors.map((error) => error.name)).toEqual(["wallet.insufficient_funds"]);
    expect(await moneyState(poor.accountId)).toEqual(before);
  });
});

describe("ported is accepted and ignored", () => {
  it("on data and airtime: 201, charged the price or amount, and not part of the order", async () => {
    const account = await fundedAccount(FUNDING);
    const plan = await db.dataPlan.findUniqueOrThrow({ where: { id: "mtn-1gb-30d" } });
    let expected = FUNDING;
    for (const ported of [true, false, "yes", null, { network: "glo" }]) {
      const data = { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567", ported };
      const response = await post(account, "/data", JSON.stringify(data));
      expect(response.status, response.text).toBe(201);
      const transaction = response.json() as Record<string, unknown>;
      expect(transaction).toMatchObject({
        service: "Data",
        status: "successful",
        clientReference: data.clientReference,
        amount: Number(plan.price),
        networkId: "mtn",
      });
      expect(transaction).not.toHaveProperty("ported");
      expected -= plan.price;

      const airtime = { clientReference: reference(), networkId: "mtn", phone: "08031234567", amount: 10_000, ported };
      const airtimeResponse = await post(account, "/airtime", JSON.stringify(airtime));
      expect(airtimeResponse.status, airtimeResponse.text).toBe(201);
      expect(airtimeResponse.json()).toMatchObject({ service: "Airtime", status: "successful", amount: 10_000, networkId: "mtn" });
      expect(airtimeResponse.json()).not.toHaveProperty("ported");
      expected -= 10_000n;
      expect(await balanceOf(account.accountId)).toBe(expected);
    }

    // ported is not part of the order: the same order with and without it is a replay.
    const clientReference = reference();
    const first = await post(
      account,
      "/data",
      JSON.stringify({ clientReference, planId: "mtn-1gb-30d", phone: "08031234567", ported: true }),
    );
    expect(first.status).toBe(201);
    const again = await post(account, "/data", JSON.stringify({ clientReference, planId: "mtn-1gb-30d", phone: "08031234567" }));
    expect(again.status, again.text).toBe(200);
    expect(again.headers["idempotent-replay"]).toBe("true");
    expect(again.json()).toMatchObject({ id: (first.json() as { id: string }).id, idempotentReplay: true });
    expect(await balanceOf(account.accountId)).toBe(expected - plan.price);
  });

  it("extra keys named __proto__ and constructor are stripped, not merged: the order is charged as sent", async () => {
    const account = await fundedAccount(FUNDING);
    const clientReference = reference();
    const body = `{"clientReference":"${clientReference}","networkId":"mtn","phone":"08031234567","amount":10000,"__proto__":{"amount":1,"isAdmin":true},"constructor":{"prototype":{"amount":1}}}`;
    const response = await post(account, "/airtime", body);
    expect(response.status, response.text).toBe(201);
    expect(response.json()).toMatchObject({ amount: 10_000, status: "successful" });
    expect(response.json()).not.toHaveProperty("isAdmin");
    expect(await balanceOf(account.accountId)).toBe(FUNDING - 10_000n);
  });
});
