/**
 * The portal's purchase procedures over tRPC, against real PostgreSQL and the sandbox provider: who
 * may buy, how the service's errors reach the browser (data.appCode), replays, and tenant isolation.
 */
import { randomUUID } from "node:crypto";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPCError } from "@trpc/server";
import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/generated/prisma/enums";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { createCallerFactory, type TrpcContext } from "~/server/trpc/init";
import { appRouter } from "~/server/trpc/root";
import { balanceOf, fundedAccount, ledgerOf } from "~/test/purchase-fixtures";

const createCaller = createCallerFactory(appRouter);

const PLAN = "mtn-1gb-30d"; // ₦280.00 in the sandbox catalog
const PRICE = 28_000n;
const UNUSED_HASH = "$2b$10$abcdefghijklmnopqrstuuE6kyYlN5dBnmPxXIN9BbAjYy2lFZx2W";

async function createUser(role: Role, accountId: string | null): Promise<UserActor> {
  const user = await db.user.create({
    data: { email: `${role.toLowerCase()}-${randomUUID()}@example.test`, passwordHash: UNUSED_HASH, role, accountId },
  });
  return { kind: "user", userId: user.id, email: user.email, role: user.role, accountId: user.accountId, sourceIp: "203.0.113.7" };
}

function callerFor(actor: UserActor | null) {
  return createCaller({ actor } satisfies TrpcContext);
}

async function errorOf(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

/** Over HTTP, so the error formatter runs as it does for the browser. */
async function mutateOverHttp(path: string, actor: UserActor, input: unknown) {
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(`http://localhost/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(superjson.serialize(input)),
    }),
    router: appRouter,
    createContext: () => ({ actor }),
  });
  const body = (await response.json()) as { error?: { json: { message: string; data: Record<string, unknown> } } };
  return { status: response.status, error: body.error?.json };
}

let accountId: string;
let staff: UserActor;
let owner: UserActor;
let operator: UserActor;

beforeAll(async () => {
  ({ accountId } = await fundedAccount(1_000_000n));
  staff = await createUser("STAFF", accountId);
  owner = await createUser("OWNER", accountId);
  operator = await createUser("OPERATOR", null);
});

describe("purchases.buyData", () => {
  it("lets a STAFF user buy, charging the plan's price and recording the portal user and address", async () => {
    const before = await balanceOf(accountId);
    const clientReference = randomUUID();
    const transaction = await callerFor(staff).purchases.buyData({ clientReference, planId: PLAN, phone: "+2348031234567" });

    expect(transaction).toMatchObject({ status: "successful", clientReference, amount: PRICE, recipient: "08031234567", service: "Data" });
    expect(transaction.idempotentReplay).toBeUndefined();
    expect(await balanceOf(accountId)).toBe(before - PRICE);
    const stored = await db.transaction.findFirstOrThrow({ where: { accountId, clientReference } });
    expect(stored).toMatchObject({ channel: "PORTAL", userId: staff.userId, apiKeyId: null, sourceIp: "203.0.113.7" });
  });

  it("answers a resubmitted reference with the original purchase (idempotentReplay) and charges once", async () => {
    const clientReference = randomUUID();
    const input = { clientReference, planId: PLAN, phone: "08031234567" };
    const before = await balanceOf(accountId);
    const [first, second] = await Promise.all([callerFor(staff).purchases.buyData(input), callerFor(staff).purchases.buyData(input)]);
    const third = await callerFor(owner).purchases.buyData(input);

    const replays = [first, second, third].filter((transaction) => transaction.idempotentReplay === true);
    expect(replays).toHaveLength(2);
    expect(new Set([first.id, second.id, third.id]).size).toBe(1);
    expect(await balanceOf(accountId)).toBe(before - PRICE);
    expect(await db.transaction.count({ where: { accountId, clientReference } })).toBe(1);
    const purchases = (await ledgerOf(accountId)).filter((entry) => entry.kind === "PURCHASE" && entry.transactionId === first.id);
    expect(purchases).toHaveLength(1);
  });

  it("refuses an operator with FORBIDDEN and buys nothing", async () => {
    const clientReference = randomUUID();
    const error = await errorOf(callerFor(operator).purchases.buyData({ clientReference, planId: PLAN, phone: "08031234567" }));
    expect(error.code).toBe("FORBIDDEN");
    expect(await db.transaction.count({ where: { clientReference } })).toBe(0);
  });

  it("refuses an anonymous caller", async () => {
    const error = await errorOf(callerFor(null).purchases.buyData({ clientReference: randomUUID(), planId: PLAN, phone: "08031234567" }));
    expect(error.code).toBe("UNAUTHORIZED");
  });

  it("maps a balance too low to PRECONDITION_FAILED with appCode wallet.insufficient_funds, leaving nothing behind", async () => {
    const poor = await fundedAccount(10_000n);
    const poorStaff = await createUser("STAFF", poor.accountId);
    const clientReference = randomUUID();
    const { status, error } = await mutateOverHttp("purchases.buyData", poorStaff, { clientReference, planId: PLAN, phone: "08031234567" });

    expect(status).toBe(412);
    expect(error?.data).toMatchObject({ code: "PRECONDITION_FAILED", appCode: "wallet.insufficient_funds" });
    expect(await balanceOf(poor.accountId)).toBe(10_000n);
    expect(await db.transaction.count({ where: { accountId: poor.accountId } })).toBe(0);
  });

  it("refuses an invalid phone with the shared schema, before any service runs", async () => {
    const { status, error } = await mutateOverHttp("purchases.buyData", staff, {
      clientReference: randomUUID(),
      planId: PLAN,
      phone: "12345",
    });
    expect(status).toBe(400);
    expect(error?.data).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("purchases.buyAirtime", () => {
  it("charges the typed amount, and refuses one outside the network's bounds with amount.out_of_range", async () => {
    const before = await balanceOf(accountId);
    const transaction = await callerFor(staff).purchases.buyAirtime({
      clientReference: randomUUID(),
      networkId: "airtel",
      phone: "08021234567",
      amount: 50_000,
    });
    expect(transaction).toMatchObject({ status: "successful", amount: 50_000n, service: "Airtime" });
    expect(await balanceOf(accountId)).toBe(before - 50_000n);

    const { error } = await mutateOverHttp("purchases.buyAirtime", staff, {
      clientReference: randomUUID(),
      networkId: "airtel",
      phone: "08021234567",
      amount: 100,
    });
    expect(error?.data).toMatchObject({ appCode: "amount.out_of_range" });
  });
});

describe("bills", () => {
  it("verifies a customer, then pays a variable electricity bill and returns the token", async () => {
    const verified = await callerFor(staff).purchases.verifyCustomer({
      service: "electricity",
      planId: "ikeja-electric-prepaid",
      customerId: "45012345678",
    });
    expect(verified.customerName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);

    const paid = await callerFor(staff).purchases.payBill({
      service: "electricity",
      clientReference: randomUUID(),
      planId: "ikeja-electric-prepaid",
      customerId: "45012345678",
      amount: 150_000,
    });
    expect(paid).toMatchObject({ status: "successful", amount: 150_000n, service: "Electricity", customerName: verified.customerName });
    expect(paid.token).toMatch(/^\d{20}$/);
  });

  it("reports an unknown customer as customer.invalid", async () => {
    const { error } = await mutateOverHttp("purchases.verifyCustomer", staff, {
      service: "cable-tv",
      planId: "dstv-padi",
      customerId: "7012349999",
    });
    expect(error?.data).toMatchObject({ appCode: "customer.invalid" });
  });

  it("refuses a product of another service as not found", async () => {
    const error = await errorOf(callerFor(staff).purchases.billProducts({ service: "gas" as "electricity" }));
    expect(error.code).toBe("BAD_REQUEST");
    const wrong = await errorOf(
      callerFor(staff).purchases.payBill({
        service: "cable-tv",
        clientReference: randomUUID(),
        planId: "ikeja-electric-prepaid",
        customerId: "45012345678",
        amount: 150_000,
      }),
    );
    expect(wrong.code).toBe("NOT_FOUND");
  });

  it("lists a service's products with bounds for variable ones", async () => {
    const products = await callerFor(staff).purchases.billProducts({ service: "electricity" });
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((product) => product.amountType === "variable" && product.minAmount !== null && product.maxAmount !== null)).toBe(
      true,
    );
  });
});

describe("catalog reads and look-ups", () => {
  it("lists networks with airtime bounds and the account's plans with retail prices for retail plans", async () => {
    const networks = await callerFor(staff).purchases.networks();
    expect(networks.map((network) => network.id)).toContain("mtn");
    const plans = await callerFor(staff).purchases.plans({ networkId: "mtn" });
    expect(plans.every((plan) => plan.networkId === "mtn")).toBe(true);
    expect(plans.some((plan) => plan.pricingBasis === "retail" && plan.retailPrice !== null && plan.retailPrice > plan.price)).toBe(true);
  });

  it("gives operators a plain refusal on account-bound reads", async () => {
    const error = await errorOf(callerFor(operator).purchases.balance());
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toMatch(/Operators do not buy/);
  });

  it("returns a pending purchase by clientReference, and never another account's", async () => {
    const clientReference = randomUUID();
    const pending = await callerFor(staff).purchases.buyData({ clientReference, planId: PLAN, phone: "08031231111" });
    expect(pending.status).toBe("pending");
    await expect(callerFor(staff).purchases.transaction({ clientReference })).resolves.toMatchObject({ id: pending.id, status: "pending" });

    const other = await fundedAccount(100_000n);
    const stranger = await createUser("OWNER", other.accountId);
    const error = await errorOf(callerFor(stranger).purchases.transaction({ clientReference }));
    expect(error.code).toBe("NOT_FOUND");
  });

  it("shows each account only its own balance", async () => {
    const other = await fundedAccount(123_400n);
    const stranger = await createUser("STAFF", other.accountId);
    await expect(callerFor(stranger).purchases.balance()).resolves.toMatchObject({ balance: 123_400n });
    await expect(callerFor(staff).purchases.balance()).resolves.toMatchObject({ balance: await balanceOf(accountId) });
  });
});
