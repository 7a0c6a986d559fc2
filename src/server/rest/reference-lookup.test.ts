/**
 * A retried purchase is answered from the API key's statement (ReferenceLookup, authenticate-api-key.ts)
 * when the key is looked up: the real route handlers in process, with every statement they send counted
 * at the driver. (A key this process used in the last minute is not looked up for data and airtime at
 * all, key-memory.test.ts; these retries come to a process that has not: the key is forgotten.) Also that
 * reading the body first changes none of the answers: the contract's order (401, 403, then the body)
 * and no 500 for a reference that could not be looked up.
 */
import { describe, expect, it } from "vitest";
import { POST as buyAirtime } from "~/app/api/v1/airtime/route";
import { POST as payBill } from "~/app/api/v1/bills/[service]/pay/route";
import { POST as buyData } from "~/app/api/v1/data/route";
import { authenticateApiKey } from "~/server/services/api-keys/authenticate-api-key";
import { hashApiKey } from "~/server/services/api-keys/hash-api-key";
import { forgetKey } from "~/server/services/api-keys/key-memory";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { isKeyStatement, keyUsed, statementsDuring } from "~/test/statements";

type Handler = (request: Request, segment?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

function post(
  handler: Handler,
  auth: Record<string, string>,
  body: unknown,
  options: { params?: Record<string, string>; from?: string; rawBody?: string } = {},
) {
  const request = new Request("http://localhost/api/v1/purchase", {
    method: "POST",
    headers: { ...auth, "content-type": "application/json", [SOURCE_ADDRESS_HEADER]: options.from ?? "127.0.0.1" },
    body: options.rawBody ?? JSON.stringify(body),
  });
  return handler(request, options.params ? { params: Promise.resolve(options.params) } : undefined);
}

/** As a process that has not seen the key in the last minute (another one behind the load balancer). */
function forget(apiKey: string): void {
  forgetKey(hashApiKey(apiKey));
}

const touchesTransactions = (text: string) => /transactions|begin_|settle_/.test(text);

describe("a retried purchase", () => {
  it("of data is answered in one statement, the key's, with the stored transaction; a different order in one statement too", async () => {
    const { auth, keyId, accountId, apiKey } = await fundedAccount(100_000n);
    const order = { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" };
    const first = await post(buyData, auth, order);
    expect(first.status).toBe(201);
    await keyUsed(keyId);
    const balance = await balanceOf(accountId);

    forget(apiKey);
    const { result: replay, statements } = await statementsDuring(() => post(buyData, auth, order));
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replay")).toBe("true");
    expect(await replay.json()).toEqual({ ...(await first.json()), idempotentReplay: true });
    expect(statements).toHaveLength(1);
    expect(isKeyStatement(statements[0]!)).toBe(true);

    forget(apiKey);
    const { result: conflict, statements: conflictStatements } = await statementsDuring(() =>
      post(buyData, auth, { ...order, phone: "08039999999" }),
    );
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).errors).toEqual([expect.objectContaining({ name: "transaction.idempotency_conflict" })]);
    expect(conflictStatements).toHaveLength(1);
    expect(await balanceOf(accountId)).toBe(balance);
  });

  it("of airtime or a bill reads no transaction after the key's statement", async () => {
    const { auth, keyId, apiKey } = await fundedAccount(1_000_000n);
    const airtime = { clientReference: reference(), networkId: "mtn", phone: "08031234567", amount: 10_000 };
    const bill = {
      clientReference: reference(),
      planId: "ikeja-electric-prepaid",
      customerId: "45012345678",
      amount: 500_000,
      phone: "08031234567",
    };
    const electricity = { params: { service: "electricity" } };
    expect((await post(buyAirtime, auth, airtime)).status).toBe(201);
    expect((await post(payBill, auth, bill, electricity)).status).toBe(201);
    await keyUsed(keyId);

    for (const retry of [() => post(buyAirtime, auth, airtime), () => post(payBill, auth, bill, electricity)]) {
      forget(apiKey);
      const { result, statements } = await statementsDuring(retry);
      expect(result.status).toBe(200);
      expect(isKeyStatement(statements[0]!)).toBe(true);
      // The catalog reads that come before the reference in these orders remain; no purchase statement does.
      expect(statements.slice(1).filter(touchesTransactions)).toEqual([]);
    }
  });

  it("is looked up in the key's own account only: another account's identical reference is a new purchase", async () => {
    const a = await fundedAccount(100_000n);
    const b = await fundedAccount(100_000n);
    const order = { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" };
    const fromA = await post(buyData, a.auth, order);
    const fromB = await post(buyData, b.auth, order);
    expect([fromA.status, fromB.status]).toEqual([201, 201]);
    expect((await fromB.json()).id).not.toBe((await fromA.json()).id);
    expect(await balanceOf(b.accountId)).toBe(100_000n - 28_000n);
  });
});

describe("a look-up handed to the service", () => {
  it("never answers for another account, even when handed to the wrong actor", async () => {
    const a = await fundedAccount(100_000n);
    const b = await fundedAccount(100_000n);
    const order = { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" };
    const fromA = await purchaseData(a.actor, order);
    const { referenceLookup } = await authenticateApiKey(a.auth.authorization, "127.0.0.1", order.clientReference);
    expect(referenceLookup?.transaction?.id).toBe(fromA.transaction.id);

    const fromB = await purchaseData(b.actor, order, { lookup: referenceLookup });
    expect(fromB.replay).toBe(false);
    expect(fromB.transaction.id).not.toBe(fromA.transaction.id);
    expect(await balanceOf(b.accountId)).toBe(100_000n - 28_000n);
  });
});

describe("reading a purchase body before the key", () => {
  it("still answers 401 for a missing key and 403 for a blocked address before any body problem", async () => {
    expect((await post(buyData, {}, null, { rawBody: "{ not json" })).status).toBe(401);
    const { auth } = await fundedAccount(100_000n, { createdAt: "2026-08-01", allowlist: ["10.0.0.1"] });
    const blocked = await post(buyData, auth, null, { rawBody: "{ not json", from: "10.0.0.2" });
    expect(blocked.status).toBe(403);
    expect((await post(buyData, auth, null, { rawBody: "{ not json", from: "10.0.0.1" })).status).toBe(400);
  });

  it("refuses a clientReference it could not look up with 400 for that field, charging nothing", async () => {
    const { auth, accountId } = await fundedAccount(100_000n);
    for (const clientReference of ["has space", "nul\u0000byte", "x".repeat(101), 42, null, ["ref-1"]]) {
      const response = await post(buyData, auth, { clientReference, planId: "mtn-1gb-30d", phone: "08031234567" });
      expect(response.status, JSON.stringify(clientReference)).toBe(400);
      expect((await response.json()).errors).toEqual([expect.objectContaining({ name: "clientReference" })]);
    }
    expect(await balanceOf(accountId)).toBe(100_000n);
  });
});
