import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { verifyPassword } from "~/server/auth/password";
import { db } from "~/server/db";
import { isAllowlistRequired } from "~/server/services/allowlist/allowlist-policy";
import { assertSourceAllowed } from "~/server/services/allowlist/assert-source-allowed";
import { authenticateApiKey } from "~/server/services/api-keys/authenticate-api-key";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { updatePlan } from "~/server/services/catalog/save-plan";
import { operator } from "~/test/fixtures";
import { SANDBOX_BILL_PRODUCTS, SANDBOX_DATA_PLANS, SANDBOX_NETWORKS } from "./catalog";
import { DEMO_ACCOUNT_NAME, describeDemo, seedDemo } from "./seed-demo";

vi.hoisted(() => {
  process.env.BCRYPT_COST = "10";
});

const dir = mkdtempSync(path.join(os.tmpdir(), "seed-demo-test-"));
const apiKeyFile = path.join(dir, "demo-api-key");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("seedDemo", () => {
  it("run twice at once, creates the demo data once and hands both callers the same key", async () => {
    const [first, second] = await Promise.all([seedDemo({ apiKeyFile }), seedDemo({ apiKeyFile })]);
    expect(second).toEqual(first);
    expect(first.apiKey).toMatch(/^pk_live_[A-Za-z0-9]{40}$/);
    expect(readFileSync(apiKeyFile, "utf8").trim()).toBe(first.apiKey);

    expect(await db.user.count({ where: { role: "OPERATOR" } })).toBe(1);
    expect(await db.account.count({ where: { name: DEMO_ACCOUNT_NAME } })).toBe(1);
    expect(await db.apiKey.count()).toBe(1);

    const users = await db.user.findMany({ orderBy: { email: "asc" } });
    expect(users.map((user) => [user.email, user.role, user.accountId])).toEqual([
      ["operator@demo.test", "OPERATOR", null],
      ["owner@demo.test", "OWNER", first.accountId],
      ["staff@demo.test", "STAFF", first.accountId],
    ]);
    for (const [user, credentials] of [
      [users[0], first.operator],
      [users[1], first.owner],
      [users[2], first.staff],
    ] as const) {
      expect(await verifyPassword(credentials.password, user!.passwordHash)).toBe(true);
    }

    // The start-up banner lists every sign-in the README does, and the key.
    const banner = describeDemo(first, "http://localhost:3000");
    for (const credentials of [first.operator, first.owner, first.staff])
      expect(banner).toContain(`${credentials.email} / ${credentials.password}`);
    expect(banner).toContain(first.apiKey);

    const account = await db.account.findUniqueOrThrow({
      where: { id: first.accountId },
      include: { wallets: { where: { livemode: true } }, ledger: { where: { livemode: true } } },
    });
    expect(account.createdAt.toISOString()).toBe("2026-07-14T23:00:00.000Z");
    expect(isAllowlistRequired(account)).toBe(true);
    expect(account.wallets[0]?.balance).toBe(5_000_000n);
    expect(account.ledger.map((entry) => [entry.kind, entry.amount, entry.balanceAfter, entry.fundingReference])).toEqual([
      ["FUNDING", 5_000_000n, 5_000_000n, "demo-initial-funding"],
    ]);

    // The key works from this machine over IPv4 and IPv6, and nowhere else.
    const auth = await authenticateApiKey(`Bearer ${first.apiKey}`, "127.0.0.1");
    expect(auth.account.id).toBe(first.accountId);
    expect(auth.allowlist.sort()).toEqual(["127.0.0.0/8", "::1/128"]);
    expect(() => assertSourceAllowed(auth.account, auth.allowlist, "127.0.0.1")).not.toThrow();
    expect(() => assertSourceAllowed(auth.account, auth.allowlist, "::1")).not.toThrow();
    expect(() => assertSourceAllowed(auth.account, auth.allowlist, "203.0.113.9")).toThrow();

    const audit = await db.auditLogEntry.findMany({ orderBy: { id: "asc" } });
    expect(new Set(audit.map((row) => row.actorType))).toEqual(new Set(["SYSTEM"]));
    // The catalog is imported through the catalog services, one audit entry per row and price.
    const catalogActions = audit.map((row) => row.action).filter((action) => /^(network|plan|bill_product|price_list)\./.test(action));
    expect(
      audit
        .map((row) => row.action)
        .filter((action) => !catalogActions.includes(action))
        .sort(),
    ).toEqual(
      ["account.create", "allowlist.add", "allowlist.add", "key.create", "user.create", "user.create", "user.create", "wallet.fund"].sort(),
    );
    expect(catalogActions.filter((action) => action.endsWith(".created")).length).toBe(
      SANDBOX_NETWORKS.length + SANDBOX_DATA_PLANS.length + SANDBOX_BILL_PRODUCTS.length + 1,
    );
    expect(await db.priceList.findMany({ select: { name: true } })).toEqual([{ name: "Gold" }]);
  });

  it("upserts a sandbox catalog of four networks, 20+ plans with both pricing bases, and bills of every kind", async () => {
    await seedDemo({ apiKeyFile });
    const networks = await db.network.findMany({ orderBy: { sortOrder: "asc" } });
    expect(networks.map((network) => [network.id, network.airtimeMinAmount, network.airtimeMaxAmount])).toEqual(
      ["mtn", "airtel", "glo", "9mobile"].map((id) => [id, 5_000n, 5_000_000n]),
    );

    const plans = await db.dataPlan.findMany();
    expect(plans.length).toBeGreaterThanOrEqual(20);
    expect(plans).toHaveLength(SANDBOX_DATA_PLANS.length);
    for (const network of networks) expect(plans.filter((plan) => plan.networkId === network.id).length).toBeGreaterThanOrEqual(5);
    const special = plans.filter((plan) => plan.pricingBasis === "SPECIAL");
    const retail = plans.filter((plan) => plan.pricingBasis === "RETAIL");
    expect(special.length).toBeGreaterThan(0);
    expect(retail.length).toBeGreaterThan(0);
    for (const plan of special) expect(plan.retailPrice).toBeNull();
    for (const plan of retail) expect(plan.retailPrice! >= plan.price).toBe(true);
    for (const plan of plans) {
      expect(plan.isUnlimited ? plan.sizeMb === null : (plan.sizeMb ?? 0) > 0).toBe(true);
      expect(plan.class).toMatch(/^(SME|Gifting|Corporate)$/);
    }
    // One productId names one bundle everywhere: same size and validity on every network that sells it.
    const byProduct = new Map<string, typeof plans>();
    for (const plan of plans) byProduct.set(plan.productId, [...(byProduct.get(plan.productId) ?? []), plan]);
    expect([...byProduct.values()].some((group) => group.length === networks.length)).toBe(true);
    for (const group of byProduct.values()) {
      expect(new Set(group.map((plan) => `${plan.sizeMb}/${plan.validityDays}/${plan.isUnlimited}`)).size).toBe(1);
      expect(new Set(group.map((plan) => plan.networkId)).size).toBe(group.length);
    }
    expect(plans.find((plan) => plan.id === "mtn-1gb-30d")).toMatchObject({
      name: "MTN 1GB (SME) – 30 days",
      productId: "data-1gb-30d",
      sizeMb: 1024,
      validityDays: 30,
      class: "SME",
    });

    const bills = await db.billProduct.findMany();
    expect(new Set(bills.map((bill) => bill.service))).toEqual(new Set(["CABLE_TV", "ELECTRICITY", "EDUCATION", "BROADBAND"]));
    for (const bill of bills) {
      if (bill.service === "ELECTRICITY")
        expect(bill).toMatchObject({ amountType: "VARIABLE", price: null, minAmount: 100_000n, maxAmount: 50_000_000n });
      else expect(bill).toMatchObject({ amountType: "FIXED", minAmount: null, maxAmount: null });
    }
    expect(new Set(bills.map((bill) => bill.biller))).toEqual(
      new Set([
        "DStv",
        "GOtv",
        "Startimes",
        "Ikeja Electric",
        "Eko Electric",
        "Abuja Electric",
        "Ibadan Electric",
        "WAEC",
        "NECO",
        "Spectranet",
        "Smile",
      ]),
    );

    // An operator's edit survives the next start: the sandbox is imported only into a database without a catalog.
    await updatePlan(operator, { id: "mtn-1gb-30d", name: "edited", price: 1n, active: false });
    const auditBefore = await db.auditLogEntry.count();
    await seedDemo({ apiKeyFile });
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: "mtn-1gb-30d" } })).toMatchObject({
      name: "edited",
      price: 1n,
      active: false,
    });
    expect(await db.auditLogEntry.count()).toBe(auditBefore);
  });

  it("keeps the saved key while it is live and replaces it when it is revoked or lost", async () => {
    const { apiKey, accountId } = await seedDemo({ apiKeyFile });
    expect((await seedDemo({ apiKeyFile })).apiKey).toBe(apiKey);

    const key = await db.apiKey.findFirstOrThrow({ where: { accountId, revokedAt: null } });
    await revokeApiKey({ kind: "system" }, { keyId: key.id });
    const replaced = await seedDemo({ apiKeyFile });
    expect(replaced.apiKey).not.toBe(apiKey);
    expect(readFileSync(apiKeyFile, "utf8").trim()).toBe(replaced.apiKey);
    expect(await db.apiKey.findFirst({ where: { accountId, revokedAt: null, name: "demo" } })).not.toBeNull();

    rmSync(apiKeyFile);
    const recreated = await seedDemo({ apiKeyFile });
    expect(recreated.apiKey).not.toBe(replaced.apiKey);
    expect(readFileSync(apiKeyFile, "utf8").trim()).toBe(recreated.apiKey);

    // Nothing else was duplicated along the way.
    expect(await db.account.count()).toBe(1);
    expect(await db.user.count()).toBe(3);
    expect(await db.ledgerEntry.count({ where: { livemode: true } })).toBe(1);
  });
});
