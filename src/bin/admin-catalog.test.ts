/**
 * Operators run the catalog with the CLI alone (issue 16), end to end: each step spawns
 * `tsx src/bin/admin.ts` against a real database and reads its one line of JSON. Starting from an
 * empty database: build a catalog, price it differently for two accounts (an account price, a price
 * list), take a plan off sale, read the margin of purchases; catalog files exported, imported, refused
 * whole, dry-run; the sandbox catalog imported into an empty database without users or keys.
 *
 * The sandbox and round-trip cases run against databases of their own, cloned from the empty
 * template like this file's.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { listBillProducts } from "~/server/services/catalog/list-bill-products";
import { listPlans } from "~/server/services/catalog/list-plans";
import { lagosPeriodOf } from "~/server/services/invoices/billing-period";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { admin, adminWithEnv, type Run } from "~/test/admin-cli";
import { operator } from "~/test/fixtures";

const dir = mkdtempSync(path.join(os.tmpdir(), "admin-catalog-"));
const SANDBOX_FILE = JSON.parse(readFileSync("prisma/catalogs/sandbox.json", "utf8")) as Record<string, unknown[]>;

/** Another empty, migrated database like this file's (dropped after the file's tests). */
const extraDatabases: string[] = [];
async function emptyDatabase(): Promise<string> {
  const name = `rp_test_catalog_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDatabase")}"`);
  await client.end();
  extraDatabases.push(name);
  const url = new URL(inject("adminDatabaseUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}
afterAll(async () => {
  const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await client.connect();
  for (const name of extraDatabases) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
});

async function countRows(url: string, tables: string[]): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function ok(run: Run) {
  expect(run.code, `${run.args.join(" ")}\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run.json;
}

function file(name: string, content: unknown): string {
  const location = path.join(dir, name);
  writeFileSync(location, typeof content === "string" ? content : JSON.stringify(content));
  return location;
}

const apiKeyActor = async (accountId: string): Promise<Actor> => {
  const { keyId } = await createApiKey(operator, { accountId, name: "cli-catalog" });
  return { kind: "api-key", apiKeyId: keyId, accountId, sourceIp: "127.0.0.9" };
};

describe("the catalog with the CLI alone, on an empty database", () => {
  let byAccountPrice = "";
  let byPriceList = "";

  it("builds networks, plans and bill products, prices them per account and per price list, and lists what is on sale", async () => {
    expect(await db.network.count()).toBe(0);
    const [first, second] = await Promise.all([
      admin("account:create", "--name", "By Account Price"),
      admin("account:create", "--name", "By List"),
    ]);
    byAccountPrice = ok(first!).accountId;
    byPriceList = ok(second!).accountId;

    const network = ok(
      await admin(
        "network:create",
        "--id",
        "cli-net",
        "--name",
        "CLI Net",
        "--airtime-min-amount",
        "5000",
        "--airtime-max-amount",
        "500000",
      ),
    );
    expect(network).toMatchObject({
      id: "cli-net",
      airtimeMinAmount: 5000,
      airtimeMaxAmount: 500000,
      airtimeCommissionBps: null,
      active: true,
    });

    const plan = (id: string, ...flags: string[]) =>
      admin("plan:create", "--id", id, "--network-id", "cli-net", "--product-id", id, "--validity-days", "30", "--class", "SME", ...flags);
    const [oneGb, twoGb, refused, tv, power] = await Promise.all([
      plan(
        "cli-1gb",
        ...["--name", "CLI 1GB", "--price", "30000", "--pricing-basis", "special", "--cost-price", "28000"],
        ...["--upstream-service", "glo-data", "--upstream-code", "glo1000"],
      ),
      plan("cli-2gb", "--name", "CLI 2GB", "--price", "60000", "--pricing-basis", "retail", "--retail-price", "62000", "--size-mb", "2048"),
      plan("cli-bad", "--name", "CLI bad", "--price", "60000", "--pricing-basis", "retail"),
      admin(
        ...["product:create", "--id", "cli-tv", "--service", "CABLE_TV", "--amount-type", "fixed", "--product-id", "tv-1"],
        ...["--name", "CLI TV", "--biller", "CLI TV Co", "--price", "100000", "--cost-price", "99000"],
      ),
      admin(
        ...["product:create", "--id", "cli-power", "--service", "ELECTRICITY", "--amount-type", "variable", "--product-id", "power"],
        ...[
          "--name",
          "CLI Power",
          "--biller",
          "CLI Power Co",
          "--min-amount",
          "100000",
          "--max-amount",
          "5000000",
          "--commission-bps",
          "100",
        ],
      ),
    ]);
    expect(ok(oneGb!)).toMatchObject({ id: "cli-1gb", price: 30000, pricingBasis: "SPECIAL", costPrice: 28000, retailPrice: null });
    expect(ok(twoGb!)).toMatchObject({ id: "cli-2gb", pricingBasis: "RETAIL", retailPrice: 62000, sizeMb: 2048, costPrice: null });
    expect(refused!.code).toBe(1);
    expect(refused!.json.error).toMatchObject({ name: "validation.failed", errors: [{ name: "retailPrice" }] });
    expect(ok(tv!)).toMatchObject({ id: "cli-tv", amountType: "FIXED", price: 100000, costPrice: 99000 });
    expect(ok(power!)).toMatchObject({ id: "cli-power", amountType: "VARIABLE", price: null, commissionBps: 100 });

    // An edit changes only the flags given; "none" empties an optional field.
    expect(ok(await admin("plan:update", "--id", "cli-2gb", "--cost-price", "57000"))).toMatchObject({ costPrice: 57000, price: 60000 });
    expect(ok(await admin("network:update", "--id", "cli-net", "--airtime-commission-bps", "300"))).toMatchObject({
      airtimeCommissionBps: 300,
    });
    expect(ok(await admin("network:update", "--id", "cli-net", "--airtime-commission-bps", "none"))).toMatchObject({
      airtimeCommissionBps: null,
    });

    // One account by its own price, the other by a price list.
    const list = ok(await admin("price-list:create", "--name", "Platinum"));
    const pricing = await Promise.all([
      admin("price:set", "--account", byAccountPrice, "--plan", "cli-1gb", "--price", "29000"),
      admin("price-list:set", "--list", "Platinum", "--plan", "cli-1gb", "--price", "28500"),
      admin("price-list:set", "--list", list.id, "--product", "cli-tv", "--price", "99500"),
      admin("price-list:set", "--list", "Platinum", "--plan", "cli-2gb", "--price", "59000", "--basis", "retail"),
      admin("price-list:assign", "--account", byPriceList, "--list", "Platinum"),
    ]);
    pricing.forEach(ok);
    const refusedPrice = await admin("price-list:set", "--list", "Platinum", "--product", "cli-power", "--price", "1000");
    expect(refusedPrice.json.error).toMatchObject({ name: "validation.failed", errors: [{ name: "productId" }] });

    const [accountPrices, listPrices, shown, lists] = await Promise.all([
      admin("prices:show", "--account", byAccountPrice),
      admin("prices:show", "--account", byPriceList),
      admin("price-list:show", "--list", "Platinum"),
      admin("price-list:list"),
    ]);
    const priceOf = (run: Run, id: string) => ok(run).prices.find((row: { id: string }) => row.id === id);
    expect(priceOf(accountPrices!, "cli-1gb")).toMatchObject({ price: 29000, source: "account", defaultPrice: 30000, costPrice: 28000 });
    expect(priceOf(accountPrices!, "cli-tv")).toMatchObject({ price: 100000, source: "default" });
    expect(priceOf(listPrices!, "cli-1gb")).toMatchObject({ price: 28500, source: "price_list" });
    expect(priceOf(listPrices!, "cli-tv")).toMatchObject({ price: 99500, source: "price_list" });
    expect(ok(listPrices!).priceList).toEqual({ id: list.id, name: "Platinum" });
    expect(ok(shown!)).toMatchObject({
      name: "Platinum",
      planPrices: [
        { planId: "cli-1gb", price: 28500, pricingBasis: "SPECIAL" },
        { planId: "cli-2gb", price: 59000, pricingBasis: "RETAIL" },
      ],
      billPrices: [{ productId: "cli-tv", price: 99500 }],
      accounts: [{ id: byPriceList, name: "By List" }],
    });
    expect(ok(lists!).priceLists).toMatchObject([{ id: list.id, name: "Platinum", accounts: 1, prices: 3 }]);

    // What the resellers are shown, and charged.
    const planPrices = async (accountId: string) =>
      Object.fromEntries((await listPlans(operator, accountId)).map((row) => [row.planId, row.price]));
    expect(await planPrices(byAccountPrice)).toEqual({ "cli-1gb": 29000n, "cli-2gb": 60000n });
    expect(await planPrices(byPriceList)).toEqual({ "cli-1gb": 28500n, "cli-2gb": 59000n });

    // A deactivated plan disappears from the listing, and comes back when activated; the operator still sees it.
    expect(ok(await admin("plan:deactivate", "--id", "cli-2gb"))).toMatchObject({ id: "cli-2gb", active: false });
    expect(Object.keys(await planPrices(byPriceList))).toEqual(["cli-1gb"]);
    const catalog = ok(await admin("catalog:list"));
    expect(catalog.plans.map((row: { id: string; active: boolean }) => [row.id, row.active])).toEqual([
      ["cli-1gb", true],
      ["cli-2gb", false],
    ]);
    expect(ok(await admin("product:deactivate", "--id", "cli-tv"))).toMatchObject({ active: false });
    expect((await listBillProducts(operator, "cable-tv", byAccountPrice)).map((row) => row.planId)).toEqual([]);
    expect(ok(await admin("product:activate", "--id", "cli-tv"))).toMatchObject({ active: true });

    // Clearing the account's price falls back to the default; the audit log has every change, by the OS user.
    expect(ok(await admin("price:clear", "--account", byAccountPrice, "--product", "cli-tv"))).toMatchObject({ after: null });
    const audit = await db.auditLogEntry.findMany({ where: { actorType: "OPERATOR_CLI" }, select: { action: true, actorLabel: true } });
    expect(new Set(audit.map((entry) => entry.action))).toEqual(
      new Set([
        "account.create",
        "network.created",
        "network.updated",
        "plan.created",
        "plan.updated",
        "bill_product.created",
        "bill_product.updated",
        "price_list.created",
        "price_list.price_set",
        "price_list.assigned",
        "price.account_set",
      ]),
    );
    for (const entry of audit) expect(entry.actorLabel).toMatch(/^cli:/);
  }, 240_000);

  it("prints the month's revenue, cost and margin of the purchases both accounts made", async () => {
    const buyers = [byAccountPrice, byPriceList];
    for (const accountId of buyers) await fundWallet(operator, { accountId, amount: 1_000_000n });
    for (const [index, accountId] of buyers.entries()) {
      const actor = await apiKeyActor(accountId);
      const result = await purchaseData(actor, { clientReference: `margin-${index}`, planId: "cli-1gb", phone: "08031234567" });
      expect(result.transaction.status).toBe("successful");
    }
    const period = lagosPeriodOf(new Date());
    const [all, one, usage] = await Promise.all([
      admin("report:margin", "--period", period),
      admin("report:margin", "--period", period, "--account", byPriceList),
      admin("report:margin"),
    ]);
    expect(ok(all!).total).toEqual({
      count: 2,
      revenue: 57500,
      cost: 56000,
      margin: 1500,
      uncostedCount: 0,
      uncostedRevenue: 0,
      marginRate: 1500 / 57500,
    });
    expect(ok(all!).byAccount).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ accountId: byAccountPrice, revenue: 29000, cost: 28000, margin: 1000 }),
        expect.objectContaining({ accountId: byPriceList, revenue: 28500, cost: 28000, margin: 500 }),
      ]),
    );
    expect(ok(all!).byService).toEqual([expect.objectContaining({ service: "DATA", revenue: 57500, margin: 1500 })]);
    expect(ok(one!).lines).toEqual([expect.objectContaining({ accountId: byPriceList, service: "DATA", revenue: 28500, margin: 500 })]);
    expect(usage!.code).toBe(2);
  }, 60_000);
});

describe("catalog files", () => {
  it("export, import into an empty database and export again give the same bytes", async () => {
    const exported = ok(await admin("catalog:export"));
    expect(exported).toMatchObject({ format: "reseller-catalog", version: 1 });
    expect(exported.plans.find((row: { id: string }) => row.id === "cli-1gb")).toEqual({
      id: "cli-1gb",
      networkId: "cli-net",
      name: "CLI 1GB",
      price: 30000,
      pricingBasis: "SPECIAL",
      retailPrice: null,
      costPrice: 28000,
      productId: "cli-1gb",
      sizeMb: null,
      validityDays: 30,
      isUnlimited: false,
      class: "SME",
      upstreamService: "glo-data",
      upstreamCode: "glo1000",
      sortOrder: 0,
      active: true,
    });
    const location = file("exported.json", exported);

    // Into this database: nothing differs, nothing is written.
    const audit = await db.auditLogEntry.count();
    const again = ok(await admin("catalog:import", location));
    const nothing = { networks: [], plans: [], billProducts: [], priceLists: [] };
    expect(again).toEqual({ dryRun: false, created: nothing, updated: nothing, unchanged: 1 + 2 + 2 + 1 });
    expect(await db.auditLogEntry.count()).toBe(audit);

    // Into an empty one: everything is created, and its export is byte for byte this one's.
    const url = await emptyDatabase();
    const imported = ok(await adminWithEnv({ DATABASE_URL: url }, "catalog:import", location));
    expect(imported.created).toEqual({
      networks: ["cli-net"],
      plans: ["cli-1gb", "cli-2gb"],
      billProducts: ["cli-power", "cli-tv"],
      priceLists: ["Platinum"],
    });
    const reexported = await adminWithEnv({ DATABASE_URL: url }, "catalog:export");
    expect(reexported.stdout).toBe((await admin("catalog:export")).stdout);
  }, 60_000);

  it("refuses an invalid file whole, naming each problem by its JSON path, and writes nothing", async () => {
    const before = (await admin("catalog:export")).stdout;
    const audit = await db.auditLogEntry.count();
    const invalid = {
      format: "reseller-catalog",
      version: 1,
      networks: [{ id: "new-net", name: "New", airtimeMinAmount: 5000, airtimeMaxAmount: 1000 }],
      plans: [
        {
          id: "new-plan",
          networkId: "cli-net",
          name: "Fine",
          price: 1000,
          pricingBasis: "SPECIAL",
          productId: "p",
          validityDays: 1,
          class: "SME",
        },
        {
          id: "new-plan",
          networkId: "cli-net",
          name: "Twice",
          price: 1000,
          pricingBasis: "SPECIAL",
          productId: "p",
          validityDays: 1,
          class: "SME",
        },
        {
          id: "orphan",
          networkId: "nowhere",
          name: "Orphan",
          price: 1000,
          pricingBasis: "SPECIAL",
          productId: "p",
          validityDays: 1,
          class: "SME",
        },
        {
          id: "no-retail",
          networkId: "cli-net",
          name: "Retail",
          price: 1000,
          pricingBasis: "RETAIL",
          productId: "p",
          validityDays: 1,
          class: "SME",
        },
      ],
      billProducts: [
        {
          id: "cli-tv",
          service: "CABLE_TV",
          amountType: "VARIABLE",
          productId: "tv",
          name: "TV",
          biller: "TV",
          minAmount: 1,
          maxAmount: 2,
        },
      ],
      priceLists: [
        {
          name: "Platinum",
          plans: [
            { planId: "ghost", price: 100, pricingBasis: "SPECIAL" },
            { planId: "cli-1gb", price: 100, pricingBasis: "RETAIL" },
          ],
          billProducts: [{ productId: "cli-power", price: 100 }],
        },
      ],
    };
    const refused = await admin("catalog:import", file("invalid.json", invalid));
    expect(refused.code).toBe(1);
    expect(refused.json.error.name).toBe("validation.failed");
    // The file's own rules first: the file is not compared with the database until it is well-formed.
    expect(refused.json.error.errors.map((problem: { name: string }) => problem.name).sort()).toEqual(
      ["networks[0].airtimeMaxAmount", "plans[1].id", "plans[3].retailPrice"].sort(),
    );

    // Well-formed, but wrong against the database: every reference problem at once.
    invalid.networks[0]!.airtimeMaxAmount = 100_000;
    invalid.plans.splice(1, 1);
    invalid.plans[2]!.pricingBasis = "SPECIAL";
    const againRefused = await admin("catalog:import", file("invalid-references.json", invalid), "--dry-run");
    expect(againRefused.json.error.errors).toEqual([
      { name: "plans[1].networkId", reason: "no network 'nowhere' in the file or the database" },
      { name: "billProducts[0].amountType", reason: "cannot change from FIXED to VARIABLE: it is fixed when the product is created" },
      { name: "priceLists[0].plans[0].planId", reason: "no data plan 'ghost' in the file or the database" },
      { name: "priceLists[0].plans[1].pricingBasis", reason: "cannot be retail: plan 'cli-1gb' has no published retail price" },
      {
        name: "priceLists[0].billProducts[0].productId",
        reason: "'cli-power' is a variable-amount product: it charges the amount sent, so it has no price",
      },
    ]);

    const [notJson, noFile, both] = await Promise.all([
      admin("catalog:import", file("broken.json", "{ not json")),
      admin("catalog:import", path.join(dir, "missing.json")),
      admin("catalog:import", file("empty.json", "{}"), "--sandbox"),
    ]);
    expect(notJson!.json.error.errors[0]).toMatchObject({ name: "file", reason: expect.stringMatching(/^is not JSON/) });
    expect(noFile!.json.error.errors[0]).toMatchObject({ name: "file", reason: expect.stringMatching(/^cannot be read/) });
    expect(both!.json.error.errors[0]).toMatchObject({ name: "file" });

    expect((await admin("catalog:export")).stdout).toBe(before);
    expect(await db.auditLogEntry.count()).toBe(audit);
  }, 60_000);

  it("rolls back every row when a service refuses one midway, and a dry run refuses it the same", async () => {
    const before = await admin("catalog:export");
    const audit = await db.auditLogEntry.count();
    const changed = ok(before);
    changed.networks[0].name = "Written first, then rolled back";
    // Platinum (left out of the file, so left alone) still sells cli-2gb on the retail basis: its retail price
    // cannot go, which only updatePlan sees, after the network was written.
    changed.priceLists = [];
    const index = changed.plans.findIndex((row: { id: string }) => row.id === "cli-2gb");
    Object.assign(changed.plans[index], { pricingBasis: "SPECIAL", retailPrice: null });
    const location = file("refused-midway.json", changed);
    const [dryRun, real] = [await admin("catalog:import", location, "--dry-run"), await admin("catalog:import", location)];
    for (const run of [dryRun, real]) {
      expect(run.code).toBe(1);
      expect(run.json.error.errors).toEqual([
        {
          name: "plans[1].retailPrice",
          reason: expect.stringMatching(/^is still used by 0 account price\(s\) and 1 price-list price\(s\)/),
        },
      ]);
    }
    expect((await admin("catalog:export")).stdout).toBe(before.stdout);
    expect(await db.auditLogEntry.count()).toBe(audit);
  }, 60_000);

  it("reports with --dry-run what an import would change and writes nothing; without it, makes exactly those changes", async () => {
    const exported = ok(await admin("catalog:export"));
    const audit = await db.auditLogEntry.count();
    exported.plans[0].price = 31000;
    exported.billProducts.find((row: { id: string }) => row.id === "cli-tv").costPrice = null;
    exported.networks.push({ ...exported.networks[0], id: "cli-net-2", name: "CLI Net 2" });
    exported.priceLists[0].plans[0].price = 28000;
    exported.priceLists.push({ name: "Bronze", plans: [], billProducts: [{ productId: "cli-tv", price: 100500 }] });
    const location = file("changed.json", exported);
    const expected = {
      created: { networks: ["cli-net-2"], plans: [], billProducts: [], priceLists: ["Bronze"] },
      updated: { networks: [], plans: ["cli-1gb"], billProducts: ["cli-tv"], priceLists: ["Platinum"] },
      unchanged: 1 + 1 + 1,
    };

    const dryRun = ok(await admin("catalog:import", location, "--dry-run"));
    expect(dryRun).toEqual({ dryRun: true, ...expected });
    expect(await db.auditLogEntry.count()).toBe(audit);
    expect(await db.network.count()).toBe(1);

    expect(ok(await admin("catalog:import", location))).toEqual({ dryRun: false, ...expected });
    // Each change went through its service and was audited: a network created and a plan and a product
    // updated, a list created with its one price, and one price of a list changed.
    expect(await db.auditLogEntry.count()).toBe(audit + 6);
    // The database now holds exactly the file.
    const after = ok(await admin("catalog:export"));
    expect(after).toEqual({ ...exported, priceLists: [exported.priceLists[1], exported.priceLists[0]], networks: after.networks });
    expect(after.networks.map((row: { id: string }) => row.id).sort()).toEqual(["cli-net", "cli-net-2"]);
  }, 60_000);
});

describe("catalog:import --sandbox", () => {
  it("loads the sandbox catalog into an empty database without creating users, accounts or keys, exactly as the file says", async () => {
    const url = await emptyDatabase();
    const run = (...args: string[]) => adminWithEnv({ DATABASE_URL: url }, ...args);
    const tables = ["users", "accounts", "api_keys", "networks", "data_plans", "bill_products", "price_lists", "audit_log"];

    const dryRun = ok(await run("catalog:import", "--sandbox", "--dry-run"));
    expect(dryRun.dryRun).toBe(true);
    expect(dryRun.created.plans).toHaveLength(SANDBOX_FILE.plans!.length);
    expect(Object.values(await countRows(url, tables)).every((count) => count === 0)).toBe(true);

    const imported = ok(await run("catalog:import", "--sandbox"));
    expect({ ...imported, dryRun: true }).toEqual(dryRun);
    expect(imported.created.priceLists).toEqual(["Gold"]);
    const counts = await countRows(url, tables);
    expect(counts).toMatchObject({
      users: 0,
      accounts: 0,
      api_keys: 0,
      networks: SANDBOX_FILE.networks!.length,
      data_plans: SANDBOX_FILE.plans!.length,
      bill_products: SANDBOX_FILE.billProducts!.length,
      price_lists: 1,
    });

    // The file, through an empty database and back, byte for byte.
    expect((await run("catalog:export")).stdout).toBe(`${JSON.stringify(SANDBOX_FILE)}\n`);
    // A second import finds nothing to do.
    const again = ok(await run("catalog:import", "--sandbox"));
    expect(again.unchanged).toBe(counts.networks! + counts.data_plans! + counts.bill_products! + 1);
    expect((await countRows(url, ["audit_log"])).audit_log).toBe(counts.audit_log);
  }, 60_000);
});
