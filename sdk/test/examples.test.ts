/**
 * The SDK's README and examples, run as a newcomer runs them: against the production server with the
 * demo data (what `npm run dev` serves), with the demo key it printed. The quick start is copied out
 * of README.md into a project of its own that has the SDK installed, and run with tsx; the examples run
 * from sdk/examples. Each must do what it says, charging the demo wallet once per purchase.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ResellerClient } from "reseller-purchase-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { DEMO_ACCOUNT_NAME } from "~/server/seed/seed-demo";
import { balanceOf } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const run = promisify(execFile);
const SDK_DIR = path.resolve("sdk");
/** tsx's loader, as `npx tsx` runs it. */
const TSX = createRequire(import.meta.url).resolve("tsx");

const scratch = mkdtempSync(path.join(os.tmpdir(), "sdk-examples-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let server: TestServer;
let apiKey: string;
let demoAccountId: string;

beforeAll(async () => {
  const keyFile = path.join(scratch, "demo-api-key");
  server = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, SEED_DEMO: "1", DEMO_API_KEY_FILE: keyFile });
  apiKey = readFileSync(keyFile, "utf8").trim();
  demoAccountId = (await db.account.findFirstOrThrow({ where: { name: DEMO_ACCOUNT_NAME }, select: { id: true } })).id;
}, 90_000);

/** Runs a TypeScript file with tsx, with the environment the README tells a newcomer to set. */
async function runTypeScript(file: string, args: string[] = [], cwd = path.dirname(file)) {
  const { stdout } = await run(process.execPath, ["--import", TSX, file, ...args], {
    cwd,
    env: { ...process.env, RESELLER_API_KEY: apiKey, RESELLER_BASE_URL: server.url("") },
    timeout: 60_000,
  });
  return stdout;
}

/** The README's quick start: the TypeScript block after its `quick-start` marker. */
function quickStart(): string {
  const readme = readFileSync(path.join(SDK_DIR, "README.md"), "utf8");
  const after = readme.slice(readme.indexOf("<!-- quick-start"));
  const block = /```ts\n([\s\S]*?)```/.exec(after);
  if (!block) throw new Error("sdk/README.md has no ts block after its quick-start marker");
  return block[1]!;
}

describe("the README's quick start, in a project of its own", () => {
  it("buys data against the demo server, charged once", async () => {
    // What `npm init -y && npm pkg set type=module && npm install <repository>/sdk` leaves behind.
    const project = path.join(scratch, "my-shop");
    mkdirSync(path.join(project, "node_modules"), { recursive: true });
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "my-shop", type: "module" }));
    symlinkSync(SDK_DIR, path.join(project, "node_modules", "reseller-purchase-sdk"), "dir");
    writeFileSync(path.join(project, "buy-data.ts"), quickStart());

    const before = await balanceOf(demoAccountId);
    const output = await runTypeScript(path.join(project, "buy-data.ts"));

    const match = /^successful: (.+) for ₦([\d.]+), reference ([0-9a-f-]{36})\n$/.exec(output);
    expect(match, output).not.toBeNull();
    const transaction = await db.transaction.findFirstOrThrow({ where: { accountId: demoAccountId, clientReference: match![3] } });
    expect(transaction.amount).toBe(BigInt(Math.round(Number(match![2]) * 100)));
    expect(await balanceOf(demoAccountId)).toBe(before - transaction.amount);
  });

  it("is examples/buy-data.ts, so what the README shows is what is type-checked", () => {
    const example = readFileSync(path.join(SDK_DIR, "examples", "buy-data.ts"), "utf8");
    expect(example).toContain(quickStart());
  });
});

describe("the examples", () => {
  const example = (name: string) => path.join(SDK_DIR, "examples", name);

  it("buys airtime with its own reference, and its second sending is a replay", async () => {
    const before = await balanceOf(demoAccountId);
    const output = await runTypeScript(example("buy-airtime.ts"));
    expect(output).toMatch(/^bought: successful, ₦500 of Airtel Airtime to 08021234567\n/);
    expect(output).toContain("sent again: a replay of the same transaction (same id)");
    expect(await balanceOf(demoAccountId)).toBe(before - 50_000n);
  });

  it("pays electricity and prints the token", async () => {
    const output = await runTypeScript(example("pay-electricity.ts"), ["45012345678", "250000"]);
    expect(output).toMatch(/^meter 45012345678: .+\n/);
    expect(output).toMatch(/\ntoken: \d{20}\n$/);
  });

  it("reconciles a day's transactions against the orders of our own books", async () => {
    const client = new ResellerClient({ apiKey, baseUrl: server.url("") });
    const first = await client.purchaseData({ planId: "mtn-500mb-30d", phone: "08031234567" });
    const second = await client.purchaseData({ planId: "mtn-1gb-30d", phone: "08031234567" });
    // The Lagos day of the purchases, and how many transactions the demo account has on it.
    const day = new Date(first.createdAt).toLocaleDateString("en-CA", { timeZone: "Africa/Lagos" });
    const start = new Date(`${day}T00:00:00+01:00`);
    const count = await db.transaction.count({
      where: { accountId: demoAccountId, createdAt: { gte: start, lt: new Date(start.getTime() + 86_400_000) } },
    });
    // Our books: the first order as charged, the second at another amount, and one the API never saw.
    const orders = [
      { clientReference: first.clientReference, amount: first.amount },
      { clientReference: second.clientReference, amount: second.amount + 100 },
      { clientReference: "never-sent", amount: 1_000 },
    ];
    const ordersFile = path.join(scratch, "orders.json");
    writeFileSync(ordersFile, JSON.stringify(orders));

    const output = await runTypeScript(example("nightly-reconciliation.ts"), [ordersFile, day]);
    expect(output).toContain(`${day}: ${count} transactions`);
    expect(output).toContain(`amount: ${second.clientReference} ours ₦${(second.amount + 100) / 100}, theirs ₦${second.amount / 100}`);
    expect(output).toContain("missing: never-sent");
    expect(output).not.toContain(first.clientReference);
  });
});
