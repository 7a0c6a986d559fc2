/**
 * Crash safety of funding by bank transfer (docs/operating.md "Funding by bank transfer"), end to end against the
 * production server, as crash-safety.test.ts does it for purchases: the fake Paystack pays into
 * several accounts' dedicated accounts (and into one no account of ours owns) and sends its signed
 * webhooks, some twice at once, some never (for the reconciler), while every server process
 * (WEB_CONCURRENCY=2) is killed with SIGKILL, twice, with webhooks in flight; verify is slowed so that
 * kills land between Paystack's confirmation and the credit. The server is restarted on the same
 * database each time; Paystack retries what was not answered 200; the reconciler runs every second.
 * Then nothing may be lost or counted twice:
 *
 *  - every transfer Paystack received is recorded exactly once: credited to its account (net of its
 *    fee), or, paid to the account no one owns, in the operators' queue; nothing is recorded that
 *    Paystack never received;
 *  - each balance is its opening funding plus exactly its transfers' credits, each one ledger entry
 *    and one wallet.funded event;
 *  - `npm run admin -- ledger:check` passes.
 *
 * Without the unique (provider, reference) claim inside record_bank_transfer, the duplicate and
 * retried webhooks, and the reconciler racing them, credit twice; if the wallet credit, its ledger
 * entry and the transfer's row were not one statement, a kill between them breaks the balance
 * equation or the ledger check; without Paystack's retries and the reconciler, transfers cut off by a
 * kill (or never announced) stay uncredited.
 */
import { afterAll, expect, it } from "vitest";
import { db } from "~/server/db";
import { setFundingSettingsForTests } from "~/server/providers/funding";
import { PaystackClient } from "~/server/providers/paystack/paystack-client";
import { PaystackFundingProvider } from "~/server/providers/paystack/paystack-funding-provider";
import { requestFundingAccount } from "~/server/services/funding/request-funding-account";
import { createUser } from "~/server/services/users/create-user";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakePaystack, type FakePaystack, type FakeTransaction } from "~/test/fake-paystack";
import { createAccountWithKey, operator, uniqueName } from "~/test/fixtures";
import { livingProcessesInGroup } from "~/test/process-group";
import { startTestServer, type TestServer } from "~/test/server";

const WORKERS = 2;
const PAYERS = 6;
const KILL_CYCLES = 2;
const OPENING_FUNDING = 1_000_000n;
/** Load before a kill is allowed, and how many webhooks must be on their way at the kill. */
const MIN_LOAD_MS = 1_500;
const IN_FLIGHT_AT_KILL = 3;
const MAX_LOAD_MS = 15_000;

let fake: FakePaystack;
let server: TestServer | undefined;

afterAll(async () => {
  setFundingSettingsForTests(null);
  if (server && server.process.exitCode === null && server.process.signalCode === null) {
    const exited = new Promise((resolve) => server!.process.once("exit", resolve));
    process.kill(-server.process.pid!, "SIGTERM");
    await exited;
  }
  await fake?.close();
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function startServer(): Promise<TestServer> {
  const started = await startTestServer(
    fake.env({
      DATABASE_URL: process.env.DATABASE_URL!,
      WEB_CONCURRENCY: String(WORKERS),
      PAYSTACK_RECONCILE_INTERVAL_MS: "1000",
      DATABASE_POOL_SIZE: "8",
    }),
    { detached: true },
  );
  await expect.poll(() => started.listeningWorkers(), { timeout: 60_000 }).toBe(WORKERS);
  fake.webhookUrl = started.url("/api/upstream/paystack/webhook");
  return started;
}

/** Payers transfer until told to stop: some webhooks are also sent twice at once, some never sent. */
async function payer(index: number, accountNumbers: string[], stopped: () => boolean, paid: FakeTransaction[]): Promise<void> {
  for (let step = 0; !stopped(); step += 1) {
    const accountNumber = accountNumbers[(index + step) % accountNumbers.length]!;
    const roll = (index * 7 + step * 13) % 10;
    const transaction = await fake.transfer({
      accountNumber,
      amount: 10_000 + ((index * 997 + step * 131) % 500) * 100,
      webhook: roll !== 0,
    });
    paid.push(transaction);
    // Paystack sending the same event again while the first copy is still being handled.
    if (roll === 1) void fake.sendChargeSuccess(transaction.reference);
    await sleep(40);
  }
}

it("credits every transfer exactly once when every server process is SIGKILLed with webhooks in flight", async () => {
  fake = await startFakePaystack();
  // Long enough to outlast two kills and restarts; the reconciler is the net under it.
  fake.retryScheduleMs = [250, 500, 1000, 2000, 3000, 5000, 8000, 13000, 20000];
  fake.verifyDelayMs = 40;
  const client = new PaystackClient({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, timeoutMs: 5_000, retries: 0 });
  setFundingSettingsForTests({ provider: new PaystackFundingProvider(client), preferredBank: "test-bank" });
  server = await startServer();

  // Four reseller accounts with their dedicated accounts (assigned through the server's webhook), and one stranger's.
  const accounts: { accountId: string; accountNumber: string }[] = [];
  for (let index = 0; index < 4; index += 1) {
    const { accountId } = await createAccountWithKey({ funding: OPENING_FUNDING });
    const email = `${uniqueName("owner")}@crash.test`;
    const { userId } = await createUser(operator, { email, password: "long-enough-password-1", role: "OWNER", accountId });
    await requestFundingAccount({ kind: "user", userId, email, role: "OWNER", accountId, sourceIp: null }, { phone: "08031234567" });
    await expect
      .poll(async () => (await db.fundingAccount.findFirst({ where: { accountId, livemode: true } }))?.status, { timeout: 15_000 })
      .toBe("ACTIVE");
    const row = await db.fundingAccount.findFirstOrThrow({ where: { accountId, livemode: true } });
    accounts.push({ accountId, accountNumber: row.accountNumber! });
  }
  const stranger = fake.createUnknownAccount();
  const accountNumbers = [...accounts.map((account) => account.accountNumber), stranger.account_number];

  const paid: FakeTransaction[] = [];
  let inFlightAtKills = 0;
  for (let cycle = 1; cycle <= KILL_CYCLES; cycle += 1) {
    let stopping = false;
    const payers = Array.from({ length: PAYERS }, (_, index) => payer(index + cycle * PAYERS, accountNumbers, () => stopping, paid));
    const startedAt = Date.now();
    for (;;) {
      await sleep(5);
      const elapsed = Date.now() - startedAt;
      if (elapsed > MAX_LOAD_MS || (elapsed > MIN_LOAD_MS && fake.deliveriesInFlight >= IN_FLIGHT_AT_KILL)) break;
    }
    const primary = server.process;
    const inFlight = fake.deliveriesInFlight;
    const exited = new Promise((resolve) => primary.once("exit", resolve));
    process.kill(-primary.pid!, "SIGKILL");
    await exited;
    expect(primary.signalCode).toBe("SIGKILL");
    await expect.poll(() => livingProcessesInGroup(primary.pid!), { timeout: 10_000 }).toEqual([]);
    stopping = true;
    await Promise.all(payers);
    console.log(`funding-crash-safety: cycle ${cycle}: killed with ${inFlight} webhooks in flight, ${paid.length} transfers so far`);
    inFlightAtKills += inFlight;
    server = await startServer();
  }
  expect(inFlightAtKills).toBeGreaterThanOrEqual(KILL_CYCLES * IN_FLIGHT_AT_KILL);

  // Paystack keeps retrying what was cut off; then one more reconciliation from the command line.
  await fake.idle();
  const swept = await adminWithEnv(fake.env(), "funding:reconcile", "--hours", "1");
  expect(swept.code, swept.stderr).toBe(0);
  expect(swept.json.failed).toBe(0);

  // The kills did cut deliveries off (a connection reset or refused), and some transfers were found only by the reconciler.
  expect(fake.webhookAttempts.filter((attempt) => attempt.status === null).length).toBeGreaterThan(0);
  const transfers = await db.bankTransfer.findMany({
    where: { provider: "paystack", reference: { in: paid.map((item) => item.reference) } },
  });
  expect(transfers.some((transfer) => transfer.recordedVia === "reconciler")).toBe(true);

  // Exactly once each, and nothing Paystack never received.
  expect(transfers).toHaveLength(paid.length);
  expect(await db.bankTransfer.count({ where: { provider: "paystack", reference: { notIn: paid.map((item) => item.reference) } } })).toBe(
    0,
  );
  const byReference = new Map(transfers.map((transfer) => [transfer.reference, transfer]));
  for (const transaction of paid) {
    const recorded = byReference.get(transaction.reference)!;
    if (transaction.account.account_number === stranger.account_number) {
      expect(recorded.status, transaction.reference).toBe("UNMATCHED");
      expect(recorded.ledgerEntryId).toBeNull();
    } else {
      expect(recorded.status, transaction.reference).toBe("CREDITED");
      expect(recorded.credited, transaction.reference).toBe(BigInt(transaction.amount - transaction.fees));
    }
  }

  for (const account of accounts) {
    const theirs = paid.filter((transaction) => transaction.account.account_number === account.accountNumber);
    expect(theirs.length).toBeGreaterThan(0);
    const expected = theirs.reduce((sum, transaction) => sum + BigInt(transaction.amount - transaction.fees), OPENING_FUNDING);
    const wallet = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: account.accountId, livemode: true } } });
    expect(wallet.balance, account.accountId).toBe(expected);
    const entries = await db.ledgerEntry.count({ where: { accountId: account.accountId, livemode: true, kind: "FUNDING" } });
    expect(entries).toBe(theirs.length + 1);
    const events = await db.webhookEvent.count({ where: { accountId: account.accountId, livemode: true, type: "wallet.funded" } });
    expect(events).toBe(theirs.length + 1);
  }

  const check = await adminWithEnv(fake.env(), "ledger:check");
  expect(check.code).toBe(0);
  expect(check.json).toMatchObject({ ok: true, mismatches: [] });
  console.log(
    `funding-crash-safety: ${paid.length} transfers, ${fake.webhookAttempts.length} webhook attempts (${fake.webhookAttempts.filter((attempt) => attempt.status === null).length} cut off), ${transfers.filter((transfer) => transfer.recordedVia === "reconciler").length} found by the reconciler`,
  );
}, 300_000);
