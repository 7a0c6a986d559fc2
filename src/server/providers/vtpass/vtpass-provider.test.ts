/**
 * The VTpass adapter against the fake VTpass over real sockets (src/test/fake-vtpass.ts): every row of the
 * response-code table of docs/operating.md "The VTpass provider", each fault, the request bodies their
 * documentation asks for, and that the keys are sent but never logged.
 */
import { inspect } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { logger } from "~/server/log";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import type { ServiceCode } from "~/schemas/services";
import type { VendRequest } from "../vend-provider";
import { REFUSAL_CODES, requestIdAgeMs, VtpassProvider } from "./vtpass-provider";

const NAMES: Record<string, { service: string; code: string | null }> = {
  "glo-1gb": { service: "glo-data", code: "glo1000" },
  mtn: { service: "mtn", code: null },
  "dstv-padi": { service: "dstv", code: "dstv-padi" },
  "startimes-nova": { service: "startimes", code: "nova" },
  "ikeja-prepaid": { service: "ikeja-electric", code: "prepaid" },
  "waec-pin": { service: "waec", code: "waecdirect" },
  "waec-registration": { service: "waec-registration", code: "waec-registraion" },
  "jamb-utme": { service: "jamb", code: "utme" },
  "spectranet-1000": { service: "spectranet", code: "vt-1000" },
  "eko-prepaid": { service: "eko-electric", code: "prepaid" },
  "smile-1gb": { service: "smile-direct", code: "516" },
};

let fake: FakeVtpass;
let logCalls: unknown[][] = [];
let logSpies: MockInstance[] = [];
let sequence = 0;

function provider(overrides: Partial<ConstructorParameters<typeof VtpassProvider>[0]> = {}): VtpassProvider {
  return new VtpassProvider({
    baseUrl: fake.baseUrl,
    ...fake.keys,
    vendTimeoutMs: 400,
    queryTimeoutMs: 300,
    retries: 1,
    retryDelayMs: 10,
    notFoundAfterMs: 10 * 60_000,
    defaultPhone: "08011111111",
    lookup: async (_service: ServiceCode, productCode: string) => NAMES[productCode] ?? null,
    ...overrides,
  });
}

/** A request id as the database makes it: Lagos YYYYMMDDHHII now, then 32 hex characters. */
function freshRequestId(offsetMs = 0): string {
  const lagos = new Date(Date.now() + 60 * 60_000 - offsetMs).toISOString();
  const stamp = lagos.slice(0, 16).replace(/[-T:]/g, "");
  sequence += 1;
  return `${stamp}${sequence.toString(16).padStart(32, "0")}`;
}

function order(service: ServiceCode, productCode: string, recipient: string, amount = 100_000n, requestId = freshRequestId()): VendRequest {
  return { transactionId: `tx-${requestId}`, service, productCode, recipient, amount, phone: null, upstreamRequestId: requestId };
}

/** What the fake VTpass handed over for this order, by its books. */
function deliveredBy(request: VendRequest) {
  const executed = fake.orders.get(request.upstreamRequestId!);
  if (!executed) throw new Error(`the fake never executed ${request.upstreamRequestId}`);
  return executed.delivered;
}

/** A delivered /api/pay answer with these product fields, as a raw answer of the fake. */
function deliveredAnswer(fields: Record<string, unknown>): string {
  return JSON.stringify({
    code: "000",
    response_description: "TRANSACTION SUCCESSFUL",
    content: { transactions: { status: "delivered", transactionId: "17398810413069178444218360" } },
    ...fields,
  });
}

/** Vends the order and returns it once delivered. */
async function vended(request: VendRequest): Promise<VendRequest> {
  expect((await provider().vend(request)).status).toBe("successful");
  return request;
}

function loggedText(): string {
  return logCalls.map((call) => inspect(call, { depth: 10 })).join("\n");
}

beforeAll(async () => {
  fake = await startFakeVtpass();
});
afterAll(() => fake.close());
beforeEach(() => {
  logCalls = [];
  logSpies = (["info", "warn", "error"] as const).map((level) =>
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logCalls.push(args)) as never),
  );
});
afterEach(() => {
  fake.clear();
  for (const secret of Object.values(fake.keys)) expect(loggedText()).not.toContain(secret);
  for (const spy of logSpies) spy.mockRestore();
});

describe("purchases that are delivered", () => {
  it("data: serviceID, variation_code, billersCode and phone; the provider reference is VTpass's transactionId", async () => {
    const request = order("DATA", "glo-1gb", "08051234567");
    const outcome = await provider().vend(request);
    expect(outcome).toMatchObject({ status: "successful", token: null });
    const sent = fake.payRequests.at(-1)!;
    expect(sent.body).toEqual({
      request_id: request.upstreamRequestId,
      serviceID: "glo-data",
      variation_code: "glo1000",
      billersCode: "08051234567",
      phone: "08051234567",
    });
    expect(outcome.providerReference).toBe(fake.orders.get(request.upstreamRequestId!)!.transactionId);
    expect(fake.unauthorized).toBe(0);
  });

  it("airtime sends whole naira and no variation", async () => {
    const request = order("AIRTIME", "mtn", "08031234567", 50_000n);
    expect((await provider().vend(request)).status).toBe("successful");
    expect(fake.payRequests.at(-1)!.body).toEqual({
      request_id: request.upstreamRequestId,
      serviceID: "mtn",
      amount: 500,
      phone: "08031234567",
    });
  });

  it("electricity prepaid takes the token from the answer; the amount is naira", async () => {
    const request = order("ELECTRICITY", "ikeja-prepaid", "1111111111111", 250_000n);
    const outcome = await provider().vend(request);
    expect(outcome).toMatchObject({ status: "successful", token: deliveredBy(request).token });
    expect(fake.payRequests.at(-1)!.body).toMatchObject({
      serviceID: "ikeja-electric",
      variation_code: "prepaid",
      amount: 2500,
      phone: "08011111111",
    });
  });

  it("education returns the PIN; cable TV changes to the bouquet bought; broadband sends the account", async () => {
    const pin = { ...order("EDUCATION", "waec-pin", "candidate-1"), phone: "08051230001" };
    expect(await provider().vend(pin)).toMatchObject({ status: "successful", token: deliveredBy(pin).cards![0]!.Pin });
    expect(fake.payRequests.at(-1)!.body).toMatchObject({
      serviceID: "waec",
      variation_code: "waecdirect",
      quantity: 1,
      phone: "08051230001",
    });
    expect(await provider().vend(order("CABLE_TV", "dstv-padi", "1212121212"))).toMatchObject({ status: "successful", token: null });
    expect(fake.payRequests.at(-1)!.body).toMatchObject({
      serviceID: "dstv",
      variation_code: "dstv-padi",
      billersCode: "1212121212",
      subscription_type: "change",
    });
    expect((await provider().vend(order("BROADBAND", "smile-1gb", "smile-acct-1"))).status).toBe("successful");
  });
});

describe("what was delivered, read from each product's documented layout", () => {
  it("WAEC result checker: every card's serial and PIN (cards), the first PIN as the token", async () => {
    const request = { ...order("EDUCATION", "waec-pin", "candidate-2"), phone: "08051230002" };
    const outcome = await provider().vend(request);
    const [card] = deliveredBy(request).cards!;
    expect(outcome).toMatchObject({ status: "successful", token: card!.Pin, pins: [{ serial: card!.Serial, pin: card!.Pin }] });
    expect(card!.Serial).toMatch(/^WRN\d{9}$/);
  });

  it("several cards in one answer are all kept, from `cards` or from `purchased_code` alone", async () => {
    const cards = [
      { Serial: "WRN182135587", Pin: "373820665258" },
      { Serial: "WRN182135588", Pin: "373820665259" },
      { Serial: "WRN182135589", Pin: "073820665260" },
    ];
    const pins = cards.map((card) => ({ serial: card.Serial, pin: card.Pin }));
    const purchasedCode = cards.map((card) => `Serial No:${card.Serial}, pin: ${card.Pin}`).join(" | ");
    fake.inject("pay", { kind: "raw", status: 200, body: deliveredAnswer({ purchased_code: purchasedCode, cards }) });
    expect(await provider().vend({ ...order("EDUCATION", "waec-pin", "candidate-3"), phone: "08051230003" })).toMatchObject({
      token: "373820665258",
      pins,
    });
    fake.inject("pay", { kind: "raw", status: 200, body: deliveredAnswer({ purchased_code: purchasedCode }) });
    expect(await provider().vend({ ...order("EDUCATION", "waec-pin", "candidate-4"), phone: "08051230004" })).toMatchObject({
      token: "373820665258",
      pins,
    });
  });

  it("Spectranet: the serial and PIN that only `purchased_code` carries", async () => {
    const request = order("BROADBAND", "spectranet-1000", "1212121212");
    const outcome = await provider().vend(request);
    const [card] = deliveredBy(request).cards!;
    expect(outcome).toMatchObject({ status: "successful", token: card!.Pin, pins: [{ serial: card!.Serial, pin: card!.Pin }] });
  });

  it('WAEC registration (`tokens`) and JAMB (`Pin`, "Pin : …"): PINs without a serial', async () => {
    const registration = { ...order("EDUCATION", "waec-registration", "candidate-5"), phone: "08051230005" };
    const [token] = deliveredBy(await vended(registration)).tokens!;
    expect(await provider().requery({ ...registration, providerReference: null })).toMatchObject({
      token,
      pins: [{ serial: null, pin: token }],
    });
    const jamb = order("EDUCATION", "jamb-utme", "0123456789");
    const outcome = await provider().vend(jamb);
    expect(outcome).toMatchObject({ token: deliveredBy(jamb).pin, pins: [{ serial: null, pin: deliveredBy(jamb).pin }] });
  });

  it('Ikeja Electric: the token and the units ("79.9 kWh"), no bonus token', async () => {
    const request = order("ELECTRICITY", "ikeja-prepaid", "1111111111111", 500_000n);
    const outcome = await provider().vend(request);
    expect(outcome).toMatchObject({
      status: "successful",
      token: deliveredBy(request).token,
      units: "80.0 kWh",
      bonusToken: null,
      pins: null,
    });
  });

  it("Eko Electric: the main token, the bonus (FBE) token and mainTokenUnits, never the purchased_code's labels", async () => {
    const request = order("ELECTRICITY", "eko-prepaid", "0101150290000", 1_000_000n);
    const outcome = await provider().vend(request);
    const delivered = deliveredBy(request);
    expect(outcome).toMatchObject({ token: delivered.token, bonusToken: delivered.bonusToken, units: "160 kWh" });
    // Their documented sample, with only purchased_code and mainTokenUnits to go by.
    fake.inject("pay", {
      kind: "raw",
      status: 200,
      body: deliveredAnswer({
        purchased_code: "Token : 42167939781206619049 Bonus Token : 62881559799402440206",
        mainTokenUnits: 16666.666,
      }),
    });
    expect(await provider().vend(order("ELECTRICITY", "eko-prepaid", "0101150290001", 1_000_000n))).toMatchObject({
      token: "42167939781206619049",
      bonusToken: "62881559799402440206",
      units: "16666.666 kWh",
    });
  });

  it("products credited directly carry nothing to hand over", async () => {
    // A filler where a PIN would be is not a PIN.
    fake.inject("pay", { kind: "raw", status: 200, body: deliveredAnswer({ purchased_code: "Token : N/A", Pin: "N/A" }) });
    expect(await provider().vend(order("BROADBAND", "smile-1gb", "smile-acct-2"))).toMatchObject({ token: null, pins: null });
    for (const request of [order("DATA", "glo-1gb", "08051234568"), order("CABLE_TV", "dstv-padi", "1212121213")]) {
      expect(await provider().vend(request)).toMatchObject({
        status: "successful",
        token: null,
        pins: null,
        units: null,
        bonusToken: null,
      });
    }
  });
});

describe("the response-code table", () => {
  for (const [code, refusal] of Object.entries(REFUSAL_CODES)) {
    it(`${code} on a purchase is a failure${refusal.providerUnavailable ? " answered as provider unavailable" : ""}`, async () => {
      const recipient = `0805${code}0000`;
      fake.outcomeFor(recipient, { code });
      const outcome = await provider().vend(order("DATA", "glo-1gb", recipient));
      expect(outcome).toMatchObject({ status: "failed", reason: refusal.reason });
      expect(outcome.status === "failed" && outcome.providerUnavailable === true).toBe(refusal.providerUnavailable === true);
      expect(fake.orders.size).toBeGreaterThan(0);
    });
  }

  for (const code of ["099", "014", "044", "015", "025", "026", "040", "083", "999"]) {
    it(`${code} on a purchase stays pending for the requery`, async () => {
      const recipient = `0806${code}0000`;
      fake.outcomeFor(recipient, { code });
      expect((await provider().vend(order("DATA", "glo-1gb", recipient))).status).toBe("pending");
    });
  }

  it("000 with pending, then a late delivered on requery", async () => {
    fake.outcomeFor("08070000001", { pending: 1, then: "delivered" });
    const request = order("ELECTRICITY", "ikeja-prepaid", "08070000001");
    expect((await provider().vend(request)).status).toBe("pending");
    expect((await provider().requery({ ...request, providerReference: null })).status).toBe("pending");
    expect(await provider().requery({ ...request, providerReference: null })).toMatchObject({
      status: "successful",
      token: deliveredBy(request).token,
      units: deliveredBy(request).units,
    });
  });

  it("099 then reversed settles failed; 000 failed too", async () => {
    fake.outcomeFor("08070000002", { pending: 0, then: "reversed", processing: true });
    const request = order("DATA", "glo-1gb", "08070000002");
    expect((await provider().vend(request)).status).toBe("pending");
    expect(await provider().requery({ ...request, providerReference: null })).toMatchObject({
      status: "failed",
      reason: "The provider reversed the transaction.",
    });
    fake.outcomeFor("08070000003", { pending: 0, then: "failed" });
    const second = order("DATA", "glo-1gb", "08070000003");
    await provider().vend(second);
    expect((await provider().requery({ ...second, providerReference: null })).status).toBe("failed");
  });

  it("099 forever stays pending however often it is asked", async () => {
    fake.outcomeFor("08070000004", "processing-forever");
    const request = order("DATA", "glo-1gb", "08070000004");
    expect((await provider().vend(request)).status).toBe("pending");
    for (let i = 0; i < 3; i += 1) expect((await provider().requery({ ...request, providerReference: null })).status).toBe("pending");
  });

  it("015 on requery: pending while the request id is young, failed once it is older than the window", async () => {
    const young = order("DATA", "glo-1gb", "08070000005");
    expect((await provider().requery({ ...young, providerReference: null })).status).toBe("pending");
    const old = order("DATA", "glo-1gb", "08070000006", 100_000n, freshRequestId(20 * 60_000));
    expect(await provider().requery({ ...old, providerReference: null })).toMatchObject({
      status: "failed",
      reason: "The provider never received the order.",
    });
  });

  it("a requery VTpass does not answer with the order's status throws, so nothing is settled on it", async () => {
    const request = order("DATA", "glo-1gb", "08070000007");
    await provider().vend(request);
    for (const fault of [
      { kind: "raw", status: 200, body: '{"code":"018","response_description":"LOW WALLET BALANCE"}' },
      { kind: "raw", status: 401, body: '{"code":"087","response_description":"INVALID CREDENTIALS"}' },
      { kind: "raw", status: 200, body: '{"response_description":"TRANSACTION PROCESSED"}' },
      { kind: "status", status: 502 },
      { kind: "malformed" },
      { kind: "hang" },
    ] as const) {
      fake.inject("requery", { ...fault, times: 1 });
      await expect(provider({ retries: 0 }).requery({ ...request, providerReference: "p-1" }), JSON.stringify(fault)).rejects.toMatchObject(
        {
          name: "UpstreamFault",
        },
      );
    }
    // Refused keys are a fault too, never an answer about the order.
    await expect(provider({ secretKey: "SK_wrong" }).requery({ ...request, providerReference: "p-1" })).rejects.toMatchObject({
      name: "UpstreamFault",
    });
    // Once VTpass answers again, the order's status is read as usual.
    expect((await provider().requery({ ...request, providerReference: "p-1" })).status).toBe("successful");
  });
});

describe("faults", () => {
  for (const fault of [
    { kind: "hang" },
    { kind: "status", status: 502 },
    { kind: "malformed" },
    { kind: "raw", status: 200, body: "[1,2]" },
  ] as const) {
    it(`${fault.kind} on a purchase: pending, and the purchase is not re-sent`, async () => {
      fake.inject("pay", { ...fault, times: 1, executes: true });
      const request = order("DATA", "glo-1gb", "08080000001");
      const before = fake.payRequests.length;
      expect(await provider().vend(request)).toEqual({ status: "pending", providerReference: null, unanswered: true });
      expect(fake.payRequests.length).toBe(before + 1);
      // Executed before the answer was lost: the requery finds it delivered.
      expect((await provider().requery({ ...request, providerReference: null })).status).toBe("successful");
    });
  }

  it("requery is retried through one fault; verify through one 5xx", async () => {
    const request = order("DATA", "glo-1gb", "08080000002");
    await provider().vend(request);
    fake.inject("requery", { kind: "status", status: 503, times: 1 });
    expect((await provider().requery({ ...request, providerReference: null })).status).toBe("successful");
    fake.inject("verify", { kind: "status", status: 500, times: 1 });
    expect((await provider().verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: "1212121212" })).status).toBe(
      "valid",
    );
  });

  it("wrong keys (087): the purchase fails at once, for the operator to mend; verification is unavailable", async () => {
    const wrong = provider({ secretKey: "SK_wrong" });
    expect(await wrong.vend(order("DATA", "glo-1gb", "08080000003"))).toMatchObject({
      status: "failed",
      providerUnavailable: true,
      operatorAlert: { code: "087", problem: expect.stringContaining("VTPASS_SECRET_KEY") },
    });
    // A request id not in VTpass's format (085): refused the same way.
    expect(await provider().vend(order("DATA", "glo-1gb", "08080000004", 100_000n, "not-a-dated-id"))).toMatchObject({
      status: "failed",
      providerUnavailable: true,
      operatorAlert: { code: "085" },
    });
    expect((await wrong.verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: "1212121212" })).status).toBe(
      "unavailable",
    );
    expect(fake.unauthorized).toBeGreaterThan(0);
  });
});

describe("verification and orders refused before any money moves", () => {
  it("merchant-verify: valid with the customer's name, invalid with VTpass's error, the meter type sent", async () => {
    const valid = await provider().verifyCustomer({ service: "ELECTRICITY", productCode: "ikeja-prepaid", customerId: "1111111111111" });
    expect(valid).toMatchObject({ status: "valid", customerName: "TEST CUSTOMER", details: { Meter_Type: "PREPAID" } });
    const invalid = await provider().verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: "1212129999" });
    expect(invalid).toEqual({ status: "invalid", reason: "This smartcard number is invalid." });
  });

  it("checkOrder refuses an unmapped product, an amount that is not whole naira, and a bill without any phone", async () => {
    await expect(provider().checkOrder({ service: "DATA", productCode: "unmapped", amount: null, phone: null })).rejects.toMatchObject({
      code: "provider.unavailable",
    });
    await expect(provider().checkOrder({ service: "AIRTIME", productCode: "mtn", amount: 10_050n, phone: null })).rejects.toMatchObject({
      code: "amount.out_of_range",
    });
    await expect(
      provider({ defaultPhone: null }).checkOrder({ service: "CABLE_TV", productCode: "dstv-padi", amount: null, phone: null }),
    ).rejects.toMatchObject({ code: "validation.failed" });
    await expect(provider().checkOrder({ service: "AIRTIME", productCode: "mtn", amount: 10_000n, phone: null })).resolves.toBeUndefined();
  });

  it("a WAEC PIN, known to VTpass by its phone alone, needs the customer's own phone: never the default one", async () => {
    for (const productCode of ["waec-pin", "waec-registration"]) {
      await expect(provider().checkOrder({ service: "EDUCATION", productCode, amount: null, phone: null })).rejects.toMatchObject({
        code: "validation.failed",
        fieldErrors: [{ name: "phone", reason: expect.stringContaining("tells its orders apart by the phone number") }],
      });
      await expect(
        provider().checkOrder({ service: "EDUCATION", productCode, amount: null, phone: "08051234567" }),
      ).resolves.toBeUndefined();
    }
    // JAMB names its candidate (billersCode): the default phone will do, as for cable TV.
    await expect(
      provider().checkOrder({ service: "EDUCATION", productCode: "jamb-utme", amount: null, phone: null }),
    ).resolves.toBeUndefined();
    // A vend that slipped past the check is never sent with someone else's number.
    const sent = fake.payRequests.length;
    expect(await provider().vend(order("EDUCATION", "waec-pin", "candidate-9"))).toMatchObject({
      status: "failed",
      providerReference: null,
    });
    expect(fake.payRequests.length).toBe(sent);
  });

  it("a DStv renewal: verification states the renewal amount and bouquet; the purchase renews at it, naming no bouquet", async () => {
    fake.subscriptions.set("1212121215", { bouquet: "DStv Compact N7900", renewalAmount: "7900.00" });
    expect(await provider().verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: "1212121215" })).toMatchObject({
      status: "valid",
      renewal: { amount: 790_000n, currentBouquet: "DStv Compact N7900" },
    });
    const renewal = { ...order("CABLE_TV", "dstv-padi", "1212121215", 790_000n), renewal: { amount: 790_000n } };
    expect((await provider().vend(renewal)).status).toBe("successful");
    expect(fake.payRequests.at(-1)!.body).toEqual({
      request_id: renewal.upstreamRequestId,
      serviceID: "dstv",
      billersCode: "1212121215",
      amount: 7900,
      phone: "08011111111",
      subscription_type: "renew",
    });
    // A biller without renewals through VTpass (Startimes) is refused before any money moves.
    await expect(
      provider().checkOrder({ service: "CABLE_TV", productCode: "startimes-nova", amount: null, phone: null, renew: true }),
    ).rejects.toMatchObject({ code: "validation.failed", fieldErrors: [{ name: "subscriptionType" }] });
    await expect(
      provider().checkOrder({ service: "CABLE_TV", productCode: "dstv-padi", amount: null, phone: null, renew: true }),
    ).resolves.toBeUndefined();
    // Verification of anything but DStv and GOtv states no renewal.
    expect(
      await provider().verifyCustomer({ service: "ELECTRICITY", productCode: "ikeja-prepaid", customerId: "1111111111111" }),
    ).toMatchObject({
      renewal: null,
    });
  });

  it("reads the request id's Lagos time", () => {
    // 2026-01-01 01:00 in Lagos is 2026-01-01 00:00 UTC.
    expect(requestIdAgeMs("202601010100abc", Date.UTC(2026, 0, 1, 0, 5))).toBe(5 * 60_000);
    expect(requestIdAgeMs("nope", Date.now())).toBeNull();
  });

  it("reads VTpass's balance with the public key", async () => {
    expect(await provider().balance()).toBe(250000);
  });
});
