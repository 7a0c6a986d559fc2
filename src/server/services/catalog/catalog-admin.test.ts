/**
 * Catalog administration (issue 16) against real PostgreSQL: networks, plans and bill products are
 * created, edited (a merged edit validated whole) and deactivated by operators only, each change
 * audited with before and after; and the database refuses a bad catalog on its own, whatever a
 * service would have said first.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { createBillProduct, updateBillProduct } from "./save-bill-product";
import { createNetwork, updateNetwork } from "./save-network";
import { createPlan, updatePlan } from "./save-plan";
import { listCatalogAdmin } from "./list-catalog-admin";
import { setAccountPrice } from "~/server/services/pricing/set-account-price";
import { accountOnPriceList, createTestCatalog, rawConnection, sqlStateOf, type TestCatalog } from "~/test/catalog-fixtures";
import type { BillProductInput } from "~/schemas/catalog-admin";
import { createAccountWithKey, operator, rejection } from "~/test/fixtures";

/** A stored bill product as a create's input (its service is a bill service, which the row's type does not say). */
const billInput = (product: TestCatalog["fixed"]): BillProductInput => ({
  ...product,
  service: product.service as BillProductInput["service"],
});

const auditOf = (targetId: string, action: string) =>
  db.auditLogEntry.findMany({ where: { targetId, action }, orderBy: { id: "asc" }, select: { details: true, actorLabel: true } });

describe("create, edit and deactivate", () => {
  it("creates each kind with its cost and an audit entry of what was created", async () => {
    const { network, plan, fixed, variable } = await createTestCatalog();
    const admin = await listCatalogAdmin(operator);
    expect(admin.plans.find((row) => row.id === plan.id)).toMatchObject({ costPrice: 27_000n, active: true });
    expect(admin.billProducts.find((row) => row.id === fixed.id)).toMatchObject({ costPrice: 4_700n, commissionBps: null });
    expect(admin.billProducts.find((row) => row.id === variable.id)).toMatchObject({ costPrice: null, commissionBps: 150 });
    expect(admin.networks.find((row) => row.id === network.id)).toMatchObject({ airtimeCommissionBps: 300, active: true });
    for (const [id, action] of [
      [network.id, "network.created"],
      [plan.id, "plan.created"],
      [fixed.id, "bill_product.created"],
      [variable.id, "bill_product.created"],
    ] as const) {
      const [entry, ...more] = await auditOf(id, action);
      expect(more).toEqual([]);
      expect(entry!.actorLabel).toBe("cli:test");
      expect((entry!.details as { after: { id: string } }).after.id).toBe(id);
    }
    // Money in the audit log is a string of kobo (JSON has no bigint).
    const [planEntry] = await auditOf(plan.id, "plan.created");
    expect((planEntry!.details as { after: Record<string, unknown> }).after).toMatchObject({ price: "30000", costPrice: "27000" });
  });

  // Each kind: an edit, its before/after in the audit log, and deactivation.
  const edits = [
    {
      kind: "network",
      update: (id: string, patch: object) => updateNetwork(operator, { id, ...patch }),
      id: (catalog: Awaited<ReturnType<typeof createTestCatalog>>) => catalog.network.id,
      patch: { name: "Renamed network", airtimeCommissionBps: 250 },
      changes: { name: { after: "Renamed network" }, airtimeCommissionBps: { before: 300, after: 250 } },
    },
    {
      kind: "plan",
      update: (id: string, patch: object) => updatePlan(operator, { id, ...patch }),
      id: (catalog: Awaited<ReturnType<typeof createTestCatalog>>) => catalog.plan.id,
      patch: { price: 31_000n, costPrice: 28_000n },
      changes: { price: { before: "30000", after: "31000" }, costPrice: { before: "27000", after: "28000" } },
    },
    {
      kind: "bill_product",
      update: (id: string, patch: object) => updateBillProduct(operator, { id, ...patch }),
      id: (catalog: Awaited<ReturnType<typeof createTestCatalog>>) => catalog.fixed.id,
      patch: { price: 5_500n },
      changes: { price: { before: "5000", after: "5500" } },
    },
  ];

  it.each(edits)("edits a $kind and deactivates it, auditing each change as before/after of the fields changed", async (edit) => {
    const catalog = await createTestCatalog();
    const id = edit.id(catalog);
    await edit.update(id, edit.patch);
    await edit.update(id, { active: false });
    const [changed, deactivated, ...more] = await auditOf(id, `${edit.kind}.updated`);
    expect(more).toEqual([]);
    expect((changed!.details as { changes: object }).changes).toMatchObject(edit.changes);
    expect(Object.keys((changed!.details as { changes: object }).changes).sort()).toEqual(Object.keys(edit.changes).sort());
    expect((deactivated!.details as { changes: object }).changes).toEqual({ active: { before: true, after: false } });
    const back = (await edit.update(id, { active: true })) as { active: boolean };
    expect(back.active).toBe(true);
  });

  it("writes nothing and audits nothing for an edit or a price that changes nothing", async () => {
    const { plan } = await createTestCatalog();
    const { accountId } = await accountOnPriceList();
    const entriesBefore = await db.auditLogEntry.count();
    await updatePlan(operator, { id: plan.id, price: plan.price, name: plan.name });
    await setAccountPrice(operator, { accountId, planId: plan.id, price: null });
    expect(await db.auditLogEntry.count()).toBe(entriesBefore);
  });

  it("refuses invalid input naming the field, and validates an edit merged with the stored row", async () => {
    const { network, plan, fixed, variable } = await createTestCatalog();
    const cases: [() => Promise<unknown>, string][] = [
      [() => createNetwork(operator, { id: "Bad Id!", name: "x", airtimeMinAmount: 1n, airtimeMaxAmount: 2n }), "id"],
      [() => createNetwork(operator, { id: "net-minmax", name: "x", airtimeMinAmount: 5n, airtimeMaxAmount: 2n }), "airtimeMaxAmount"],
      [() => createPlan(operator, { ...plan, id: "plan-zero", price: 0n }), "price"],
      [() => createPlan(operator, { ...plan, id: "plan-noretail", retailPrice: null }), "retailPrice"],
      [() => createPlan(operator, { ...plan, id: "plan-cost", costPrice: -1n }), "costPrice"],
      [() => createBillProduct(operator, { ...billInput(fixed), id: "fixed-noprice", price: null }), "price"],
      [() => createBillProduct(operator, { ...billInput(variable), id: "var-price", price: 100n }), "price"],
      [() => createBillProduct(operator, { ...billInput(variable), id: "var-minmax", minAmount: 10n, maxAmount: 5n }), "maxAmount"],
      // Edits: each field alone is valid; merged with what is stored, it is not.
      [() => updateNetwork(operator, { id: network.id, airtimeMinAmount: 6_000_000n }), "airtimeMaxAmount"],
      [() => updateBillProduct(operator, { id: variable.id, minAmount: 20_000_000n }), "maxAmount"],
      [() => updatePlan(operator, { id: plan.id, retailPrice: null }), "retailPrice"],
      [() => updatePlan(operator, { id: plan.id, price: -5n }), "price"],
      [() => updateBillProduct(operator, { id: fixed.id, commissionBps: 100 }), "commissionBps"],
    ];
    for (const [attempt, field] of cases) {
      const error = await rejection(attempt());
      expect(error.code, field).toBe("validation.failed");
      expect(error.fieldErrors?.map((problem) => problem.name)).toContain(field);
    }
    // Nothing was written by a refused edit.
    const stored = await listCatalogAdmin(operator);
    expect(stored.networks.find((row) => row.id === network.id)?.airtimeMinAmount).toBe(5_000n);
    expect(stored.billProducts.find((row) => row.id === variable.id)?.minAmount).toBe(10_000n);
  });

  it("refuses to take away a plan's retail price while an account or price list sells it on the retail basis", async () => {
    const { plan } = await createTestCatalog();
    const { accountId } = await createAccountWithKey();
    await setAccountPrice(operator, { accountId, planId: plan.id, price: 29_000n, pricingBasis: "RETAIL" });
    const error = await rejection(updatePlan(operator, { id: plan.id, pricingBasis: "SPECIAL", retailPrice: null }));
    expect(error.fieldErrors?.[0]?.name).toBe("retailPrice");
  });

  it("answers a taken id with 409 catalog.id_taken, and an unknown one with 404", async () => {
    const { network, plan, fixed } = await createTestCatalog();
    const taken = [
      () => createNetwork(operator, { id: network.id, name: "x", airtimeMinAmount: 1n, airtimeMaxAmount: 2n }),
      () => createPlan(operator, { ...plan, id: plan.id }),
      () => createBillProduct(operator, { ...billInput(fixed), id: fixed.id }),
    ];
    for (const attempt of taken) {
      const error = await rejection(attempt());
      expect(error.code).toBe("catalog.id_taken");
      expect(error.status).toBe(409);
    }
    expect((await rejection(updatePlan(operator, { id: "no-such-plan", price: 1n }))).code).toBe("plan.not_found");
    expect((await rejection(updateNetwork(operator, { id: "no-such-network", name: "x" }))).code).toBe("network.not_found");
    expect((await rejection(createPlan(operator, { ...plan, id: "plan-orphan", networkId: "no-such-network" }))).code).toBe(
      "network.not_found",
    );
  });

  it("refuses everyone but operators, writing nothing", async () => {
    const { network, plan, fixed } = await createTestCatalog();
    const { accountId, keyId } = await createAccountWithKey();
    const outsiders: Actor[] = [
      { kind: "api-key", apiKeyId: keyId, accountId, sourceIp: "127.0.0.1" },
      { kind: "user", userId: "00000000-0000-0000-0000-000000000001", email: "o@x", role: "OWNER", accountId, sourceIp: null },
      { kind: "user", userId: "00000000-0000-0000-0000-000000000002", email: "s@x", role: "STAFF", accountId, sourceIp: null },
    ];
    for (const actor of outsiders) {
      const attempts = [
        () => createNetwork(actor, { id: "net-outsider", name: "x", airtimeMinAmount: 1n, airtimeMaxAmount: 2n }),
        () => updateNetwork(actor, { id: network.id, active: false }),
        () => createPlan(actor, { ...plan, id: "plan-outsider" }),
        () => updatePlan(actor, { id: plan.id, price: 1n }),
        () => updateBillProduct(actor, { id: fixed.id, price: 1n }),
        () => setAccountPrice(actor, { accountId, planId: plan.id, price: 1n }),
        () => listCatalogAdmin(actor),
      ];
      for (const attempt of attempts) expect((await rejection(attempt())).code).toBe("forbidden");
    }
    expect(await db.dataPlan.findUniqueOrThrow({ where: { id: plan.id } })).toMatchObject({ price: 30_000n });
    expect(await db.auditLogEntry.count({ where: { targetId: plan.id, action: "plan.updated" } })).toBe(0);
  });
});

describe("the database enforces the catalog's rules on its own", () => {
  let sqlClient: pg.Client;
  beforeAll(async () => {
    sqlClient = await rawConnection();
  });
  afterAll(() => sqlClient.end());

  it("refuses each bad row with a check violation", async () => {
    const { network, plan, fixed, variable } = await createTestCatalog();
    const special = (await createTestCatalog({ plan: { pricingBasis: "SPECIAL", retailPrice: null } })).plan;
    const { accountId, priceListId } = await accountOnPriceList();
    const insertPlan = `INSERT INTO data_plans (id, network_id, name, price, pricing_basis, retail_price, product_id, validity_days, class, cost_price)
                        VALUES ($1, '${network.id}', 'x', $2, $3::"PricingBasis", $4, 'p', 30, 'SME', $5)`;
    const insertBill = `INSERT INTO bill_products (id, service, product_id, name, biller, amount_type, price, min_amount, max_amount, cost_price, commission_bps)
                        VALUES ($1, 'ELECTRICITY', 'p', 'x', 'b', $2::"AmountType", $3, $4, $5, $6, $7)`;
    /** An own price's rule holds on an account's and on a price list's prices: `values` is the price (and a plan's basis). */
    const onAccountAndList = (rule: string, item: "plan" | "bill", itemId: string, values: string): [string, string, unknown[]][] => {
      const columns = item === "plan" ? "plan_id, price, pricing_basis" : "product_id, price";
      return [
        [`account ${rule}`, `INSERT INTO account_${item}_prices (account_id, ${columns}) VALUES ($1, $2, ${values})`, [accountId, itemId]],
        [
          `list ${rule}`,
          `INSERT INTO price_list_${item}_prices (price_list_id, ${columns}) VALUES ($1, $2, ${values})`,
          [priceListId, itemId],
        ],
      ];
    };
    const violations: [string, string, unknown[]][] = [
      ["plan price 0", insertPlan, ["db-p1", 0, "SPECIAL", null, null]],
      ["plan price < 0 on edit", `UPDATE data_plans SET price = -1 WHERE id = $1`, [plan.id]],
      ["plan retail basis without retail price", insertPlan, ["db-p2", 100, "RETAIL", null, null]],
      ["plan retail price 0", insertPlan, ["db-p3", 100, "SPECIAL", 0, null]],
      ["plan cost < 0", insertPlan, ["db-p4", 100, "SPECIAL", null, -1]],
      ["variable product min > max", insertBill, ["db-b1", "VARIABLE", null, 500, 100, null, null]],
      ["variable product with a price", insertBill, ["db-b2", "VARIABLE", 100, 100, 500, null, null]],
      ["variable product with a cost price", insertBill, ["db-b3", "VARIABLE", null, 100, 500, 50, null]],
      ["variable product commission > 100%", insertBill, ["db-b4", "VARIABLE", null, 100, 500, null, 10_001]],
      ["fixed product price 0", insertBill, ["db-b5", "FIXED", 0, null, null, null, null]],
      ["fixed product cost < 0", `UPDATE bill_products SET cost_price = -1 WHERE id = $1`, [fixed.id]],
      ["fixed product with a commission", `UPDATE bill_products SET commission_bps = 10 WHERE id = $1`, [fixed.id]],
      ["network commission < 0", `UPDATE networks SET airtime_commission_bps = -1 WHERE id = $1`, [network.id]],
      ["network min > max", `UPDATE networks SET airtime_min_amount = airtime_max_amount + 1 WHERE id = $1`, [network.id]],
      ...onAccountAndList("plan price 0", "plan", plan.id, "0, 'SPECIAL'"),
      ...onAccountAndList("bill price 0", "bill", fixed.id, "0"),
      ...onAccountAndList("retail price for a plan without retail price", "plan", special.id, "100, 'RETAIL'"),
      ...onAccountAndList("price for a variable product", "bill", variable.id, "100"),
      ["transaction cost < 0", `UPDATE transactions SET cost = -1 WHERE true`, []],
    ];
    // The last needs a transaction to exist: one row is enough.
    await sqlClient.query(
      `INSERT INTO transactions (account_id, client_reference, service, status, order_fingerprint, recipient, amount, channel, source_ip)
       VALUES ($1, 'db-check', 'DATA', 'FAILED', 'x', '08031234567', 100, 'API', '127.0.0.1')`,
      [accountId],
    );
    const failures = [];
    for (const [rule, statement, values] of violations) failures.push([rule, await sqlStateOf(sqlClient, statement, values)]);
    expect(failures).toEqual(violations.map(([rule]) => [rule, "23514"]));
  });

  it("refuses taking away what a stored price depends on: a plan's retail price, a product's fixed price", async () => {
    const { plan, fixed } = await createTestCatalog();
    const { accountId, priceListId } = await accountOnPriceList();
    await sqlClient.query(`INSERT INTO account_plan_prices (account_id, plan_id, price, pricing_basis) VALUES ($1, $2, 100, 'RETAIL')`, [
      accountId,
      plan.id,
    ]);
    await sqlClient.query(`INSERT INTO price_list_bill_prices (price_list_id, product_id, price) VALUES ($1, $2, 100)`, [
      priceListId,
      fixed.id,
    ]);
    expect(
      await sqlStateOf(sqlClient, `UPDATE data_plans SET pricing_basis = 'SPECIAL', retail_price = NULL WHERE id = $1`, [plan.id]),
    ).toBe("23514");
    expect(
      await sqlStateOf(
        sqlClient,
        `UPDATE bill_products SET amount_type = 'VARIABLE', price = NULL, min_amount = 100, max_amount = 500, cost_price = NULL WHERE id = $1`,
        [fixed.id],
      ),
    ).toBe("23514");
    // Without such prices, both edits are allowed.
    await sqlClient.query(`DELETE FROM account_plan_prices WHERE plan_id = $1`, [plan.id]);
    await sqlClient.query(`DELETE FROM price_list_bill_prices WHERE product_id = $1`, [fixed.id]);
    expect(
      await sqlStateOf(sqlClient, `UPDATE data_plans SET pricing_basis = 'SPECIAL', retail_price = NULL WHERE id = $1`, [plan.id]),
    ).toBeNull();
  });
});
