/**
 * Funding by bank transfer end to end on the production server, over real sockets, with the fake
 * Paystack (src/test/fake-paystack.ts) sending its signed webhooks, with retries, to
 * /api/upstream/paystack/webhook and answering verify and list:
 *
 * - an owner's requested account is assigned by Paystack's event and shown by GET /api/v1/funding-accounts;
 * - a transfer is credited within a second of its webhook, and listed by GET /api/v1/fundings;
 * - the same webhook sent 20 times at once, and again after a restart, credits once;
 * - a forged, tampered or unsigned webhook changes nothing (401), nor does one for a reference
 *   Paystack does not know; too large a body is not read (413); only POST;
 * - Paystack's verify failing answers 503, Paystack retries, and the transfer is then credited once;
 * - a transfer to an account no one of ours owns lands in the operators' queue;
 * - a webhook that never arrives is credited by the reconciler;
 * - the source-address list, and a server without Paystack configured (503);
 * - test mode's simulated transfer over the API; and `ledger:check` holds at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { setFundingSettingsForTests } from "~/server/providers/funding";
import { PaystackClient } from "~/server/providers/paystack/paystack-client";
import { PaystackFundingProvider } from "~/server/providers/paystack/paystack-funding-provider";
import { paystackSignature, PAYSTACK_SIGNATURE_HEADER } from "~/server/providers/paystack/paystack-signature";
import { listBankTransfers } from "~/server/services/funding/list-bank-transfers";
import { requestFundingAccount } from "~/server/services/funding/request-funding-account";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { createUser } from "~/server/services/users/create-user";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakePaystack, type FakePaystack } from "~/test/fake-paystack";
import { createAccountWithKey, operator, uniqueName } from "~/test/fixtures";
import { request, type HttpResponse } from "~/test/http";
import { startTestServer, type TestServer } from "~/test/server";

const WEBHOOK = "/api/upstream/paystack/webhook";

let fake: FakePaystack;
let server: TestServer;

function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  // The reconciler's schedule is far off unless a test asks for it, so webhooks are what credits here.
  return fake.env({ DATABASE_URL: process.env.DATABASE_URL!, PAYSTACK_RECONCILE_INTERVAL_MS: "3600000", ...extra });
}

async function stop(running: TestServer): Promise<void> {
  if (running.process.exitCode !== null || running.process.signalCode !== null) return;
  const exited = new Promise((resolve) => running.process.once("exit", resolve));
  running.process.kill("SIGTERM");
  await exited;
}

async function useServer(extra: Record<string, string> = {}): Promise<TestServer> {
  if (server) await stop(server);
  server = await startTestServer(serverEnv(extra));
  fake.webhookUrl = server.url(WEBHOOK);
  return server;
}

beforeAll(async () => {
  fake = await startFakePaystack();
  fake.retryScheduleMs = [200, 400, 800, 1600, 3200];
  // The test process asks Paystack for accounts through the same services the portal calls.
  const client = new PaystackClient({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, timeoutMs: 5_000, retries: 0 });
  setFundingSettingsForTests({ provider: new PaystackFundingProvider(client), preferredBank: "test-bank" });
  await useServer();
}, 120_000);

afterAll(async () => {
  setFundingSettingsForTests(null);
  await fake?.close();
});

async function get(path: string, auth: Record<string, string>): Promise<HttpResponse> {
  return request(server.url(`/api/v1${path}`), { headers: auth, localAddress: "127.0.0.1" });
}

async function balance(auth: Record<string, string>): Promise<number> {
  return ((await get("/balance", auth)).json() as { balance: number }).balance;
}

function postWebhook(body: string, headers: Record<string, string> = {}, on: TestServer = server, localAddress = "127.0.0.1") {
  return request(on.url(WEBHOOK), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    localAddress,
  });
}

/** A reseller account with an owner, an API key and an active funding account at the fake Paystack. */
async function resellerWithAccountNumber() {
  const account = await createAccountWithKey();
  const email = `${uniqueName("owner")}@paystack.test`;
  const { userId } = await createUser(operator, { email, password: "long-enough-password-1", role: "OWNER", accountId: account.accountId });
  await requestFundingAccount(
    { kind: "user", userId, email, role: "OWNER", accountId: account.accountId, sourceIp: "127.0.0.1" },
    { phone: "08031234567" },
  );
  let accountNumber = "";
  await expect
    .poll(
      async () => {
        const listed = (await get("/funding-accounts", account.auth)).json() as { data: { status: string; accountNumber: string }[] };
        accountNumber = listed.data[0]?.accountNumber ?? "";
        return listed.data[0]?.status;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe("active");
  return { ...account, accountNumber, email };
}

async function transfersOf(reference: string) {
  return db.bankTransfer.findMany({ where: { reference } });
}

describe("an owner's funding account", () => {
  it("is assigned by Paystack's signed event and shown by GET /api/v1/funding-accounts", async () => {
    const account = await resellerWithAccountNumber();
    const atPaystack = fake.accounts.find((candidate) => candidate.account_number === account.accountNumber);
    expect(atPaystack?.bank.name).toBe("Test Bank");
    const listed = (await get("/funding-accounts", account.auth)).json();
    expect(listed).toEqual({
      available: true,
      data: [
        {
          provider: "paystack",
          bankName: "Test Bank",
          accountNumber: account.accountNumber,
          accountName: atPaystack!.account_name,
          status: "active",
          failureReason: null,
          feePolicy: "net",
          livemode: true,
        },
      ],
    });
    expect(fake.webhookAttempts.some((attempt) => attempt.event === "dedicatedaccount.assign.success" && attempt.status === 200)).toBe(
      true,
    );
  });
});

describe("a transfer", () => {
  it("is credited within a second of its webhook, once, and listed with its reference, fee and payer", async () => {
    const account = await resellerWithAccountNumber();
    const sent = Date.now();
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 2_500_000, payerName: "CHIDI EZE" });
    await expect.poll(() => balance(account.auth), { timeout: 5_000, interval: 20 }).toBe(2_500_000 - 25_000);
    const elapsed = Date.now() - sent;
    console.log(`paystack-webhook: credited ${elapsed} ms after the transfer's webhook was sent`);
    expect(elapsed).toBeLessThan(1_000);
    await fake.idle();
    expect(fake.webhookAttempts.filter((attempt) => attempt.subject === paid.reference)).toEqual([
      expect.objectContaining({ event: "charge.success", status: 200 }),
    ]);

    const fundings = (await get("/fundings", account.auth)).json() as { data: Record<string, unknown>[] };
    expect(fundings.data[0]).toMatchObject({
      reference: paid.reference,
      amount: 2_475_000,
      fee: 25_000,
      channel: "bank_transfer",
      payerName: "CHIDI EZE",
      payerBank: "Guaranty Trust Bank",
    });
    expect(await db.webhookEvent.count({ where: { accountId: account.accountId, type: "wallet.funded" } })).toBe(1);
  });

  it("is credited once when its webhook arrives 20 times at once, and again after a restart", async () => {
    const account = await resellerWithAccountNumber();
    fake.webhooks = "drop";
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 1_000_000 });
    fake.webhooks = "send";
    fake.verifyDelayMs = 50; // every copy is past its first look before the first one commits
    const { body, signature } = fake.chargeSuccess(paid.reference);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(body, { [PAYSTACK_SIGNATURE_HEADER]: signature })));
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 200));
    } finally {
      fake.verifyDelayMs = 0;
    }
    expect(fake.verifications.get(paid.reference)).toBeGreaterThan(1);
    expect(await balance(account.auth)).toBe(990_000);
    expect(await transfersOf(paid.reference)).toHaveLength(1);

    await useServer();
    expect((await postWebhook(body, { [PAYSTACK_SIGNATURE_HEADER]: signature })).status).toBe(200);
    expect(await balance(account.auth)).toBe(990_000);
    expect(await db.ledgerEntry.count({ where: { fundingReference: paid.reference } })).toBe(1);
    expect(await db.webhookEvent.count({ where: { accountId: account.accountId, type: "wallet.funded" } })).toBe(1);
  });

  it("is retried by Paystack while verify fails (503), then credited once", async () => {
    const account = await resellerWithAccountNumber();
    // Four failed verifications: the server asks twice per webhook (PAYSTACK_RETRIES=1), so two webhooks fail.
    fake.inject("verify", { kind: "status", status: 502, times: 4 });
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 400_000 });
    await fake.idle();
    expect(fake.webhookAttempts.filter((attempt) => attempt.subject === paid.reference).map((attempt) => attempt.status)).toEqual([
      503, 503, 200,
    ]);
    expect(await balance(account.auth)).toBe(396_000);
  });

  it("to an account number none of ours owns lands in the operators' queue, credited to no one", async () => {
    const stranger = fake.createUnknownAccount();
    const paid = await fake.transfer({ accountNumber: stranger.account_number, amount: 800_000, payerName: "WALK IN" });
    await fake.idle();
    expect(fake.webhookAttempts.find((attempt) => attempt.subject === paid.reference)?.status).toBe(200);
    const [row] = await transfersOf(paid.reference);
    expect(row).toMatchObject({ status: "UNMATCHED", accountId: null, ledgerEntryId: null });
    const queue = await listBankTransfers(operator);
    expect(queue.transfers.find((transfer) => transfer.reference === paid.reference)).toMatchObject({
      payerName: "WALK IN",
      amount: 800_000n,
    });
  });
});

describe("a webhook that is not Paystack's", () => {
  it("changes nothing: unsigned, forged, tampered, or naming a transfer Paystack never had", async () => {
    const account = await resellerWithAccountNumber();
    fake.webhooks = "drop";
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 600_000 });
    fake.webhooks = "send";
    const { body, signature } = fake.chargeSuccess(paid.reference);
    const tampered = body.replace('"amount":600000', '"amount":60000000');
    expect(tampered).not.toBe(body);
    const forgedKey = paystackSignature(body, "sk_test_someoneelseskey000000");
    for (const [label, text, headers] of [
      ["unsigned", body, {}],
      ["signed with another key", body, { [PAYSTACK_SIGNATURE_HEADER]: forgedKey }],
      ["tampered after signing", tampered, { [PAYSTACK_SIGNATURE_HEADER]: signature }],
      ["a signature that is not hex", body, { [PAYSTACK_SIGNATURE_HEADER]: "z".repeat(128) }],
      ["a truncated signature", body, { [PAYSTACK_SIGNATURE_HEADER]: signature.slice(0, 64) }],
    ] as const) {
      const answer = await postWebhook(text, headers);
      expect(answer.status, label).toBe(401);
      expect(answer.headers["content-type"], label).toContain("application/problem+json");
    }
    expect(fake.verifications.get(paid.reference) ?? 0).toBe(0);
    expect(await transfersOf(paid.reference)).toEqual([]);
    expect(await balance(account.auth)).toBe(0);

    // Correctly signed, for a reference Paystack's verify does not know: nothing to credit (200, so it is not resent).
    const invented = body.replaceAll(paid.reference, "T-invented-reference");
    expect((await postWebhook(invented, { [PAYSTACK_SIGNATURE_HEADER]: paystackSignature(invented, fake.secretKey) })).status).toBe(200);
    expect(await transfersOf("T-invented-reference")).toEqual([]);

    const huge = JSON.stringify({ event: "charge.success", data: { padding: "x".repeat(70_000) } });
    expect((await postWebhook(huge, { [PAYSTACK_SIGNATURE_HEADER]: paystackSignature(huge, fake.secretKey) })).status).toBe(413);
    expect((await postWebhook("{nope", { [PAYSTACK_SIGNATURE_HEADER]: paystackSignature("{nope", fake.secretKey) })).status).toBe(400);
    const get = await request(server.url(WEBHOOK), { localAddress: "127.0.0.1" });
    expect([get.status, get.headers.allow]).toEqual([405, "POST"]);
    expect(await balance(account.auth)).toBe(0);
  });
});

describe("the reconciler", () => {
  it("credits a transfer whose webhook never arrives", async () => {
    const account = await resellerWithAccountNumber();
    await useServer({ PAYSTACK_RECONCILE_INTERVAL_MS: "1000" });
    fake.webhooks = "drop";
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 300_000 });
    fake.webhooks = "send";
    await expect.poll(() => balance(account.auth), { timeout: 15_000, interval: 200 }).toBe(297_000);
    const [row] = await transfersOf(paid.reference);
    expect(row).toMatchObject({ status: "CREDITED", recordedVia: "reconciler" });
    expect(fake.webhookAttempts.some((attempt) => attempt.subject === paid.reference)).toBe(false);
    expect(fake.listRequests).toBeGreaterThan(0);
  });
});

describe("where webhooks are accepted from", () => {
  it("refuses a source address off PAYSTACK_WEBHOOK_ALLOWED_IPS, and answers 503 with no Paystack configured", async () => {
    const strict = await startTestServer(serverEnv({ PAYSTACK_WEBHOOK_ALLOWED_IPS: "127.0.0.5/32" }));
    const unconfigured = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL! });
    try {
      const event = JSON.stringify({ event: "charge.failed", data: { reference: "T-elsewhere" } });
      const signed = { [PAYSTACK_SIGNATURE_HEADER]: paystackSignature(event, fake.secretKey) };
      expect((await postWebhook(event, signed, strict, "127.0.0.1")).status).toBe(403);
      expect((await postWebhook(event, signed, strict, "127.0.0.5")).status).toBe(200);
      expect((await postWebhook(event, signed, unconfigured)).status).toBe(503);
    } finally {
      await Promise.all([stop(strict), stop(unconfigured)]);
    }
  });
});

describe("test mode", () => {
  it("simulates a transfer with a pk_test_ key, through the same path, into the test wallet only", async () => {
    const account = await createAccountWithKey();
    const { apiKey } = await createApiKey(operator, { accountId: account.accountId, name: "test", mode: "test" });
    const testAuth = { authorization: `Bearer ${apiKey}` };
    const before = await balance(testAuth);
    const answer = await request(server.url("/api/v1/fundings/simulate"), {
      method: "POST",
      headers: { ...testAuth, "content-type": "application/json" },
      body: JSON.stringify({ amount: 1_000_000, payerName: "SIM PAYER" }),
      localAddress: "127.0.0.1",
    });
    expect(answer.status).toBe(201);
    expect(answer.json()).toMatchObject({
      amount: 990_000,
      fee: 10_000,
      channel: "bank_transfer",
      payerName: "SIM PAYER",
      livemode: false,
    });
    expect(await balance(testAuth)).toBe(before + 990_000);
    expect(await balance(account.auth)).toBe(0);
    const simulated = (await get("/funding-accounts", testAuth)).json() as { data: { provider: string }[] };
    expect(simulated.data.map((item) => item.provider)).toEqual(["simulated"]);
  });
});

describe("the books", () => {
  it("ledger:check holds", async () => {
    const check = await adminWithEnv(fake.env(), "ledger:check");
    expect(check.code).toBe(0);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
  });
});
