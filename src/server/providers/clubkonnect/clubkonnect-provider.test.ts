/**
 * The Clubkonnect adapter against the fake Clubkonnect over real sockets (src/test/fake-clubkonnect.ts):
 * every row of the status table of docs/operating.md "The Clubkonnect provider" (delivered, pending, not
 * executed and ending the purchase, or refused for a reason of the route so that the next route may be
 * tried), each fault, the query by RequestID, and the credentials never in an outcome or a log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "~/server/log";
import { startFakeClubkonnect, type FakeClubkonnect } from "~/test/fake-clubkonnect";
import type { VendRequest } from "../vend-provider";
import { CLUBKONNECT_STATUSES, ClubkonnectProvider } from "./clubkonnect-provider";

let fake: FakeClubkonnect;
let sequence = 0;

function provider(overrides: Partial<ConstructorParameters<typeof ClubkonnectProvider>[0]> = {}): ClubkonnectProvider {
  return new ClubkonnectProvider({
    baseUrl: fake.baseUrl,
    ...fake.credentials,
    vendTimeoutMs: 400,
    queryTimeoutMs: 300,
    retries: 1,
    retryDelayMs: 10,
    notFoundAfterMs: 60_000,
    defaultPhone: null,
    ...overrides,
  });
}

/** A request id in our form, minted `ageMs` ago (Lagos time, YYYYMMDDHHII then 32 hex). */
function requestId(ageMs = 0): string {
  const lagos = new Date(Date.now() - ageMs + 60 * 60_000).toISOString();
  const stamp = lagos.slice(0, 16).replace(/[-T:]/g, "");
  return `${stamp}${(sequence++).toString(16).padStart(32, "0")}`;
}

function airtime(phone: string, id = requestId()): VendRequest {
  return {
    transactionId: `tx-${id}`,
    service: "AIRTIME",
    productCode: "mtn",
    recipient: phone,
    amount: 50_000n,
    phone: null,
    upstreamRequestId: id,
    upstream: { service: "01", code: null },
  };
}

beforeAll(async () => {
  fake = await startFakeClubkonnect();
  fake.balance = 10_000_000;
});
afterAll(() => fake.close());

describe("purchases", () => {
  it("airtime: MobileNetwork, whole-naira Amount, MobileNumber, RequestID; delivered with Clubkonnect's orderid", async () => {
    const request = airtime("08030000001");
    const outcome = await provider().vend(request);
    const order = fake.orders.get(request.upstreamRequestId!)!;
    expect(order.params).toEqual({ MobileNetwork: "01", Amount: "500", MobileNumber: "08030000001", RequestID: request.upstreamRequestId });
    expect(outcome).toMatchObject({ status: "successful", providerReference: order.orderId });
  });

  it("data: the route's DataPlan code; an order without route names is refused unsent", async () => {
    const id = requestId();
    const outcome = await provider().vend({
      ...airtime("08030000002", id),
      service: "DATA",
      productCode: "mtn-1gb",
      upstream: { service: "01", code: "1000.0" },
    });
    expect(outcome.status).toBe("successful");
    expect(fake.orders.get(id)!.params).toMatchObject({ MobileNetwork: "01", DataPlan: "1000.0" });
    const sent = fake.received.length;
    const unnamed = await provider().vend({ ...airtime("08030000003"), service: "DATA", upstream: null });
    expect(unnamed).toMatchObject({ status: "failed", refusal: "product" });
    expect(fake.received).toHaveLength(sent);
  });
});

describe("the status table", () => {
  for (const [status, row] of Object.entries(CLUBKONNECT_STATUSES)) {
    it(`${status} on a purchase: ${row.reading}${row.refusal ? ` (${row.refusal}: the next route may be tried)` : ""}`, async () => {
      const phone = `0803${(sequence++).toString().padStart(7, "0")}`;
      fake.outcomeFor.set(
        phone,
        row.reading === "pending"
          ? { status, queries: 0, then: "ORDER_COMPLETED" }
          : row.reading === "delivered"
            ? "completed"
            : { refuse: status },
      );
      const outcome = await provider().vend(airtime(phone));
      if (row.reading === "delivered") expect(outcome.status).toBe("successful");
      if (row.reading === "pending") expect(outcome).toMatchObject({ status: "pending" });
      if (row.reading === "failed") {
        expect(outcome).toMatchObject({ status: "failed", reason: row.reason });
        expect(outcome).not.toHaveProperty("refusal");
      }
      if (row.reading === "refused") expect(outcome).toMatchObject({ status: "failed", refusal: row.refusal });
    });
  }

  it("an unknown status word is pending, never a failure", async () => {
    fake.outcomeFor.set("08039000001", { refuse: "SOMETHING_NEW" });
    expect(await provider().vend(airtime("08039000001"))).toMatchObject({ status: "pending" });
  });

  it("ORDER_RECEIVED, then the query: on hold, then completed", async () => {
    fake.outcomeFor.set("08039000002", { status: "ORDER_ONHOLD", queries: 1, then: "ORDER_COMPLETED" });
    const request = airtime("08039000002");
    expect(await provider().vend(request)).toMatchObject({ status: "pending" });
    const orderId = fake.orders.get(request.upstreamRequestId!)!.orderId;
    expect(await provider().requery({ ...request, providerReference: orderId })).toMatchObject({ status: "pending" });
    expect(await provider().requery({ ...request, providerReference: orderId })).toMatchObject({
      status: "successful",
      providerReference: orderId,
    });
  });

  it("a cancelled order settles failed on the query, and Clubkonnect's wallet gets its money back", async () => {
    fake.outcomeFor.set("08039000003", { status: "ORDER_RECEIVED", queries: 0, then: "ORDER_CANCELLED" });
    const request = airtime("08039000003");
    await provider().vend(request);
    const before = fake.balance;
    expect(await provider().requery({ ...request, providerReference: null })).toMatchObject({ status: "failed" });
    expect(fake.balance).toBe(before + 500);
  });

  it("a RequestID the query does not find: pending while young, failed (never received) once older than the window", async () => {
    const young = airtime("08039000004", requestId());
    expect(await provider().requery({ ...young, providerReference: null })).toMatchObject({ status: "pending" });
    const old = airtime("08039000004", requestId(2 * 60 * 60_000));
    expect(await provider().requery({ ...old, providerReference: null })).toMatchObject({ status: "failed" });
  });
});

describe("faults", () => {
  for (const fault of [{ kind: "hang" as const }, { kind: "status" as const, status: 502 }, { kind: "malformed" as const }]) {
    it(`${fault.kind} on a purchase: pending (the order may have been executed), never a refusal`, async () => {
      fake.fault("order", { ...fault, executes: true });
      const request = airtime("08039100001");
      const outcome = await provider().vend(request);
      expect(outcome).toMatchObject({ status: "pending", unanswered: true });
      expect(outcome).not.toHaveProperty("refusal");
      expect(fake.orders.has(request.upstreamRequestId!)).toBe(true);
    });
  }

  it("a connection refused sent nothing: a refusal (unreachable), so the next route may be tried", async () => {
    const closed = await startFakeClubkonnect();
    const deadUrl = closed.baseUrl;
    await closed.close();
    expect(await provider({ baseUrl: deadUrl }).vend(airtime("08039100002"))).toMatchObject({ status: "failed", refusal: "unreachable" });
  });

  it("the query is retried through one fault", async () => {
    const request = airtime("08039100003");
    await provider().vend(request);
    fake.fault("query", { kind: "status", status: 500 });
    expect(await provider().requery({ ...request, providerReference: null })).toMatchObject({ status: "successful" });
  });

  it("wrong credentials refuse the order for the operator to mend, and the key never appears in the outcome or the log", async () => {
    const warn = vi.spyOn(logger, "warn");
    try {
      const outcome = await provider({ apiKey: "WRONG-KEY-NEVER-LOGGED" }).vend(airtime("08039100004"));
      expect(outcome).toMatchObject({ status: "failed", refusal: "account", operatorAlert: { code: "INVALID_CREDENTIALS" } });
      expect(JSON.stringify(outcome)).not.toContain("WRONG-KEY-NEVER-LOGGED");
      expect(JSON.stringify(warn.mock.calls)).not.toContain("WRONG-KEY-NEVER-LOGGED");
    } finally {
      warn.mockRestore();
    }
  });

  it("the wallet balance, in naira", async () => {
    expect(await provider().balance()).toBe(fake.balance);
  });
});
