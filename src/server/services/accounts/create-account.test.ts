import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { TEST_WALLET_OPENING_BALANCE_KOBO } from "~/schemas/account-admin";
import { setProductCatalog } from "~/server/services/catalog/set-product-catalog";
import { createAccount } from "./create-account";
import { operator, rejection } from "~/test/fixtures";

describe("createAccount", () => {
  it("creates the account with an empty NGN wallet, a test wallet with the opening play money, and an audit entry", async () => {
    const before = Date.now();
    const { accountId } = await createAccount(operator, { name: "  Acme Data Ltd " });
    const account = await db.account.findUniqueOrThrow({
      where: { id: accountId },
      include: { wallets: { orderBy: { livemode: "desc" } } },
    });
    expect(account).toMatchObject({ name: "Acme Data Ltd", onProductCatalog: false, allowlistOptIn: false });
    expect(account.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(account.wallets).toMatchObject([
      { livemode: true, balance: 0n, currency: "NGN" },
      { livemode: false, balance: BigInt(TEST_WALLET_OPENING_BALANCE_KOBO), currency: "NGN" },
    ]);
    // The play money has its ledger entry in the test wallet's ledger, none in the live one's.
    const ledger = await db.ledgerEntry.findMany({ where: { accountId }, select: { livemode: true, kind: true, amount: true } });
    expect(ledger).toEqual([{ livemode: false, kind: "ADJUSTMENT", amount: BigInt(TEST_WALLET_OPENING_BALANCE_KOBO) }]);
    const audit = await db.auditLogEntry.findFirstOrThrow({ where: { accountId, action: "account.create" } });
    expect([audit.actorType, audit.actorLabel, audit.targetId]).toEqual(["OPERATOR_CLI", "cli:test", accountId]);
  });

  it("takes a created-at date (start of the day in Lagos), a date-time or a Date, and the catalog flag", async () => {
    const inputs: [Date | string, string][] = [
      ["2026-03-15", "2026-03-14T23:00:00.000Z"],
      ["2026-06-30T22:59:59Z", "2026-06-30T22:59:59.000Z"],
      ["2026-07-01T08:00:00+01:00", "2026-07-01T07:00:00.000Z"],
      [new Date("2025-01-02T03:04:05.678Z"), "2025-01-02T03:04:05.678Z"],
    ];
    for (const [createdAt, stored] of inputs) {
      const { accountId } = await createAccount(operator, { name: "Dated Ltd", createdAt, onProductCatalog: true });
      const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
      expect(account.createdAt.toISOString()).toBe(stored);
      expect(account.onProductCatalog).toBe(true);
    }
  });

  it("refuses an empty name or a malformed date, creating nothing", async () => {
    const accountsBefore = await db.account.count();
    for (const [input, field] of [
      [{ name: " " }, "name"],
      [{ name: "Bad Date Ltd", createdAt: "2026-02-30" }, "createdAt"],
      [{ name: "Bad Date Ltd", createdAt: "15/07/2026" }, "createdAt"],
      [{ name: "Bad Date Ltd", createdAt: new Date("nonsense") }, "createdAt"],
    ] as const) {
      const error = await rejection(createAccount(operator, input));
      expect(error.fieldErrors?.map((problem) => problem.name)).toEqual([field]);
    }
    expect(await db.account.count()).toBe(accountsBefore);
  });
});

describe("setProductCatalog", () => {
  it("switches the catalog flag and records it", async () => {
    const { accountId } = await createAccount(operator, { name: "Catalog Ltd" });
    expect(await setProductCatalog(operator, { accountId, on: true })).toEqual({ onProductCatalog: true });
    expect(await setProductCatalog(operator, { accountId, on: false })).toEqual({ onProductCatalog: false });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).onProductCatalog).toBe(false);
    const audit = await db.auditLogEntry.findMany({ where: { accountId, action: "catalog.set" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => row.details)).toEqual([{ onProductCatalog: true }, { onProductCatalog: false }]);
    expect((await rejection(setProductCatalog(operator, { accountId: "nope", on: true }))).code).toBe("account.not_found");
  });
});
