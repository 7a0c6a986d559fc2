/**
 * The operator console's procedures at the tRPC level: who may call them at all, and that each one
 * reaches the service layer with the signed-in operator as the actor (ledger, audit, search, audit log).
 */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/generated/prisma/enums";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import type { Actor } from "~/server/auth/actor";
import { createAccount } from "~/server/services/accounts/create-account";
import { getAccountOverview } from "~/server/services/accounts/get-account-overview";
import { searchAccounts } from "~/server/services/accounts/search-accounts";
import { listAuditLog } from "~/server/services/audit/list-audit-log";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { operator as cli } from "~/test/fixtures";
import { createCallerFactory } from "~/server/trpc/init";
import { appRouter } from "~/server/trpc/root";
import { operatorRouter } from "./operator";

const createCaller = createCallerFactory(appRouter);
const UNUSED_HASH = "$2b$10$abcdefghijklmnopqrstuuE6kyYlN5dBnmPxXIN9BbAjYy2lFZx2W";

async function createUser(role: Role, accountId: string | null, sourceIp = "203.0.113.9"): Promise<UserActor> {
  const user = await db.user.create({
    data: { email: `${role.toLowerCase()}-${randomUUID()}@console.test`, passwordHash: UNUSED_HASH, role, accountId },
  });
  return { kind: "user", userId: user.id, email: user.email, role: user.role, accountId: user.accountId, sourceIp };
}

function callerFor(actor: UserActor | null) {
  return createCaller({ actor }).operator;
}

async function failure(call: Promise<unknown>): Promise<{ code: string; appCode: string | null }> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = (error as TRPCError).cause;
  return { code: (error as TRPCError).code, appCode: cause instanceof AppError ? cause.code : null };
}

let accountId: string;
let keyId: string;
let owner: UserActor;
let staff: UserActor;
let operator: UserActor;

beforeAll(async () => {
  ({ accountId } = await createAccount(cli, { name: "Console Test Ltd", createdAt: "2026-08-01" }));
  ({ keyId } = await createApiKey(cli, { accountId, name: "console" }));
  owner = await createUser("OWNER", accountId);
  staff = await createUser("STAFF", accountId);
  operator = await createUser("OPERATOR", null, "198.51.100.23");
});

describe("who may call the operator procedures", () => {
  // Every procedure of the router, so one added later is covered without touching this test.
  const procedureNames = Object.keys(operatorRouter._def.procedures);

  it("covers the whole console", () => {
    expect(procedureNames).toEqual(
      expect.arrayContaining([
        "searchAccounts",
        "createAccount",
        "account",
        "fundWallet",
        "addAllowlistEntry",
        "revokeApiKey",
        "auditLog",
        "upstreamHealth",
        "setUpstreamEnabled",
        "setUpstreamFloor",
        "readUpstreamBalances",
        "productRoutes",
        "setProductRoutes",
        "setRouteEnabled",
      ]),
    );
  });

  it("refuses owners, staff and anonymous callers, whatever they send, and changes nothing", async () => {
    const inputs = {
      searchAccounts: {},
      createAccount: { name: "Sneaky Ltd" },
      account: { accountId },
      fundWallet: { accountId, amount: "100000", reference: "SNEAKY-1" },
      allowlist: { accountId },
      addAllowlistEntry: { accountId, entry: "10.0.0.1" },
      removeAllowlistEntry: { accountId, entry: "10.0.0.1" },
      setAllowlistRequired: { accountId, required: false },
      setProductCatalog: { accountId, on: true },
      apiKeys: { accountId },
      revokeApiKey: { keyId },
      users: { accountId },
      addUser: { accountId, role: "STAFF", email: "sneaky@console.test", password: "long-enough-1" },
      setUserDisabled: { userId: staff.userId, disabled: true },
      auditLog: {},
      setUpstreamEnabled: { provider: "vtpass", enabled: false, reason: "sneaky" },
      setUpstreamFloor: { provider: "vtpass", floor: 100_000_000 },
      readUpstreamBalances: {},
      productRoutes: { service: "AIRTIME", productCode: "mtn" },
      setProductRoutes: { service: "AIRTIME", productCode: "mtn", routes: [{ provider: "vtpass" }] },
      setRouteEnabled: { service: "AIRTIME", productCode: "mtn", provider: "vtpass", enabled: false },
    } as Record<string, unknown>;
    const before = await Promise.all([db.auditLogEntry.count(), db.ledgerEntry.count(), db.account.count(), db.user.count()]);
    const upstreamsBefore = await db.upstreamProvider.findMany({ orderBy: { name: "asc" } });

    for (const [actor, expected] of [
      [owner, "FORBIDDEN"],
      [staff, "FORBIDDEN"],
      [null, "UNAUTHORIZED"],
    ] as const) {
      const caller = callerFor(actor) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
      for (const name of procedureNames) {
        const procedure = caller[name];
        if (!procedure) throw new Error(`no procedure ${name}`);
        // The role check runs before the input is read: a valid input and garbage are refused alike.
        for (const input of [inputs[name] ?? {}, { garbage: true }]) {
          expect({ name, role: actor?.role ?? "ANONYMOUS", code: (await failure(procedure(input))).code }).toEqual({
            name,
            role: actor?.role ?? "ANONYMOUS",
            code: expected,
          });
        }
      }
    }

    expect(await Promise.all([db.auditLogEntry.count(), db.ledgerEntry.count(), db.account.count(), db.user.count()])).toEqual(before);
    expect(await db.upstreamProvider.findMany({ orderBy: { name: "asc" } })).toEqual(upstreamsBefore);
    expect(await db.productRoute.count()).toBe(0);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).revokedAt).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { id: staff.userId } })).disabledAt).toBeNull();
  });
});

describe("the console's read services", () => {
  it("refuse everyone but operators themselves, whatever transport calls them", async () => {
    const apiKey: Actor = { kind: "api-key", apiKeyId: keyId, accountId, sourceIp: "127.0.0.1" };
    for (const actor of [owner, staff, apiKey]) {
      for (const call of [
        searchAccounts(actor, {}),
        getAccountOverview(actor, { accountId }),
        listAuditLog(actor, { account: accountId }),
      ]) {
        const error = await call.then(
          () => null,
          (caught: unknown) => caught,
        );
        expect((error as AppError).code).toBe("forbidden");
      }
    }
    await expect(searchAccounts(cli, { query: "Console Test" })).resolves.toMatchObject({ total: expect.any(Number) });
  });
});

describe("operator.fundWallet", () => {
  it("writes a ledger entry whose balance after equals the new balance, and an audit entry naming the operator and address", async () => {
    const { accountId: funded } = await createAccount(cli, { name: "Funded Ltd" });
    const ops = callerFor(operator);
    await ops.fundWallet({ accountId: funded, amount: "150050", reference: "TRF-2026-001", note: "bank transfer" });
    const result = await ops.fundWallet({ accountId: funded, amount: "2500", reference: "CASH-0002" });
    expect(result.balance).toBe(152_550n);

    const wallet = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: funded, livemode: true } } });
    const latest = await db.ledgerEntry.findFirstOrThrow({ where: { accountId: funded }, orderBy: { id: "desc" } });
    expect(latest).toMatchObject({ kind: "FUNDING", amount: 2_500n, userId: operator.userId });
    expect(latest.balanceAfter).toBe(wallet.balance);
    expect(latest.id.toString()).toBe(result.ledgerEntryId);

    const audit = await db.auditLogEntry.findMany({ where: { accountId: funded, action: "wallet.fund" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => [row.actorType, row.actorId, row.actorLabel, row.sourceIp])).toEqual([
      ["USER", operator.userId, operator.email, "198.51.100.23"],
      ["USER", operator.userId, operator.email, "198.51.100.23"],
    ]);
    expect(audit[0]?.details).toMatchObject({ amount: "150050", balanceAfter: "150050", reference: "TRF-2026-001" });

    // The overview shows the same: the new balance, and the entry on top of the recent ledger.
    const overview = await ops.account({ accountId: funded });
    expect(overview.balance).toBe(152_550n);
    expect(overview.recentLedger.map((entry) => [entry.amount, entry.balanceAfter, entry.fundingReference, entry.userEmail])).toEqual([
      [2_500n, 152_550n, "CASH-0002", operator.email],
      [150_050n, 150_050n, "TRF-2026-001", operator.email],
    ]);
  });

  it("refuses a repeated reference as CONFLICT with its name, and a non-amount per field, crediting nothing", async () => {
    const { accountId: funded } = await createAccount(cli, { name: "Repeat Ltd" });
    const ops = callerFor(operator);
    await ops.fundWallet({ accountId: funded, amount: "1000", reference: "RCPT-7" });
    expect(await failure(ops.fundWallet({ accountId: funded, amount: "1000", reference: "RCPT-7" }))).toEqual({
      code: "CONFLICT",
      appCode: "wallet.duplicate_funding_reference",
    });
    expect((await failure(ops.fundWallet({ accountId: funded, amount: "-5", reference: "RCPT-8" }))).code).toBe("BAD_REQUEST");
    // The console requires a reference for every manual funding, so each can be traced to its payment.
    for (const reference of [undefined, "", "   "]) {
      const input = { accountId: funded, amount: "1000", ...(reference !== undefined && { reference }) };
      const refused = await ops.fundWallet(input as Parameters<typeof ops.fundWallet>[0]).then(
        () => null,
        (error: TRPCError) => error.cause as AppError,
      );
      expect(refused?.code, String(reference)).toBe("validation.failed");
      expect(refused?.fieldErrors?.map((problem) => problem.name)).toEqual(["reference"]);
    }
    expect((await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: funded, livemode: true } } })).balance).toBe(
      1_000n,
    );
  });
});

describe("operator.searchAccounts", () => {
  const tag = randomUUID().slice(0, 8);
  let ids: string[];

  beforeAll(async () => {
    ids = [];
    for (const name of [`Zeta ${tag} Data`, `alpha ${tag} airtime`, `ALPHA ${tag} Bills`, `Unrelated 100% Ltd`, `Under_score Ltd`]) {
      ids.push((await createAccount(cli, { name, createdAt: name.startsWith("Zeta") ? "2026-09-01" : "2026-02-01" })).accountId);
    }
  });

  it("matches part of a name in any case, sorted by name, with the figures an operator checks", async () => {
    const page = await callerFor(operator).searchAccounts({ query: `  ALPHA ${tag.toUpperCase()} ` });
    expect(page.accounts.map((account) => account.name)).toEqual([`alpha ${tag} airtime`, `ALPHA ${tag} Bills`]);
    expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(page.accounts[0]).toMatchObject({ balance: 0n, onProductCatalog: false, allowlistRequired: false, allowlistEntryCount: 0 });

    const zeta = await callerFor(operator).searchAccounts({ query: tag.toUpperCase() });
    expect(zeta.accounts.find((account) => account.name.startsWith("Zeta"))).toMatchObject({ allowlistRequired: true });
  });

  it("finds an account by its whole id, in any case", async () => {
    const [zetaId] = ids;
    const page = await callerFor(operator).searchAccounts({ query: zetaId!.toUpperCase() });
    expect(page.accounts.map((account) => account.id)).toEqual([zetaId]);
  });

  it("treats % and _ as plain characters", async () => {
    expect((await callerFor(operator).searchAccounts({ query: "100%" })).accounts.map((a) => a.name)).toEqual(["Unrelated 100% Ltd"]);
    expect((await callerFor(operator).searchAccounts({ query: "100_" })).total).toBe(0);
  });

  it("pages through every account exactly once", async () => {
    const total = await db.account.count();
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page += 1) {
      const result = await callerFor(operator).searchAccounts({ page, pageSize: 2 });
      expect(result.total).toBe(total);
      seen.push(...result.accounts.map((account) => account.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });
});

describe("the account page's procedures", () => {
  it("answers unknown and malformed account ids as not found", async () => {
    for (const id of [randomUUID(), "not-an-id"]) {
      expect(await failure(callerFor(operator).account({ accountId: id }))).toEqual({ code: "NOT_FOUND", appCode: "account.not_found" });
    }
  });

  it("explains the allowlist policy: a post-cutoff account cannot have it switched off", async () => {
    const ops = callerFor(operator);
    expect(await failure(ops.setAllowlistRequired({ accountId, required: false }))).toEqual({
      code: "CONFLICT",
      appCode: "allowlist.required_by_policy",
    });
    expect(await ops.account({ accountId })).toMatchObject({ allowlistRequired: true, allowlistRequiredByPolicy: true });
    expect(await ops.allowlist({ accountId })).toMatchObject({ required: true, requiredByPolicy: true, apiBlocked: true });
  });

  it("adds people to an account as owner or staff only", async () => {
    const ops = callerFor(operator);
    const email = `New.Staff-${randomUUID()}@Console.test`;
    await ops.addUser({ accountId, role: "STAFF", email, password: "long-enough-1" });
    const users = await ops.users({ accountId });
    expect(users.find((user) => user.email === email.toLowerCase())).toMatchObject({ role: "STAFF", disabledAt: null });
    // What a hand-made request could send: the console never creates operators.
    const asOperator = { accountId, role: "OPERATOR", email: "x@console.test", password: "long-enough-1" } as unknown as Parameters<
      typeof ops.addUser
    >[0];
    expect((await failure(ops.addUser(asOperator))).code).toBe("BAD_REQUEST");
    const badEmail = await failure(ops.addUser({ accountId, role: "OWNER", email: "not-an-email", password: "long-enough-1" }));
    expect(badEmail).toEqual({ code: "BAD_REQUEST", appCode: "validation.failed" });
  });
});

describe("operator.auditLog", () => {
  it("filters by account (id or part of its name) and action, newest first, a page at a time", async () => {
    const ops = callerFor(operator);
    const name = `Audit Trail ${randomUUID().slice(0, 8)} Ltd`;
    const { accountId: audited } = await ops.createAccount({ name });
    for (const entry of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) await ops.addAllowlistEntry({ accountId: audited, entry });
    await ops.removeAllowlistEntry({ accountId: audited, entry: "10.0.0.2" });
    await ops.setProductCatalog({ accountId: audited, on: true });

    const all = await ops.auditLog({ account: audited });
    expect(all.entries.map((entry) => [entry.action, entry.targetId])).toEqual([
      ["catalog.set", audited],
      ["allowlist.remove", "10.0.0.2/32"],
      ["allowlist.add", "10.0.0.3/32"],
      ["allowlist.add", "10.0.0.2/32"],
      ["allowlist.add", "10.0.0.1/32"],
      ["account.create", audited],
    ]);
    for (const entry of all.entries) {
      expect(entry).toMatchObject({ actorLabel: operator.email, sourceIp: "198.51.100.23", accountName: name });
    }
    expect(all.nextCursor).toBeNull();
    expect(all.entries[1]?.details).toEqual({ entry: "10.0.0.2/32", input: "10.0.0.2" });

    const byName = await ops.auditLog({ account: name.toUpperCase().slice(0, -4), action: "allowlist.add" });
    expect(byName.entries.map((entry) => entry.targetId)).toEqual(["10.0.0.3/32", "10.0.0.2/32", "10.0.0.1/32"]);

    // LIKE's wildcards are plain characters: "_" does not stand for the space.
    expect((await ops.auditLog({ account: name.replace("Audit Trail", "Audit_Trail") })).entries).toEqual([]);

    // Pages of two: no entry twice, none missing, same order.
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ops.auditLog({ account: audited, limit: 2, cursor });
      paged.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(paged).toEqual(all.entries.map((entry) => entry.id));

    expect((await failure(ops.auditLog({ cursor: "bogus" }))).code).toBe("BAD_REQUEST");
  });

  it("narrows to a range of Lagos days, both ends included, and exports the same entries as CSV", async () => {
    const ops = callerFor(operator);
    const { accountId } = await ops.createAccount({ name: `Audit Days ${randomUUID().slice(0, 8)}` });
    await ops.fundWallet({ accountId, amount: 80_000, reference: `days-${randomUUID()}` });
    const entries = await db.auditLogEntry.findMany({ where: { accountId }, orderBy: { id: "asc" } });
    // 23:30 UTC on 31 May is 00:30 on 1 June in Lagos; 22:59 UTC on 1 June is 23:59 there.
    await db.auditLogEntry.update({ where: { id: entries[0]!.id }, data: { createdAt: new Date("2026-05-31T23:30:00Z") } });
    await db.auditLogEntry.update({ where: { id: entries[1]!.id }, data: { createdAt: new Date("2026-06-01T23:00:00Z") } });
    const actions = async (from: string, to: string) =>
      (await ops.auditLog({ account: accountId, from, to })).entries.map((entry) => entry.action);
    expect(await actions("2026-06-01", "2026-06-01")).toEqual(["account.create"]);
    expect(await actions("2026-06-02", "2026-06-02")).toEqual(["wallet.fund"]);
    expect(await actions("2026-05-01", "2026-06-30")).toEqual(["wallet.fund", "account.create"]);
    expect(await actions("2026-05-01", "2026-05-31")).toEqual([]);
    expect((await failure(ops.auditLog({ from: "2026-06-02", to: "2026-06-01" }))).code).toBe("BAD_REQUEST");

    const { exportAuditLogCsv } = await import("~/server/services/audit/export-audit-log-csv");
    const csv = await exportAuditLogCsv(operator, { account: accountId, from: "2026-05-01", to: "2026-06-30" }, { pageSize: 1 });
    let text = "";
    for await (const chunk of csv.chunks) text += chunk;
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-06-02 00:00:00,Wallet funded,₦800\.00 credited · reference days-/);
    expect(lines[1]).toContain('"=""wallet.fund"""');
    expect(lines[2]).toMatch(/^2026-06-01 00:30:00,Account created,/);
    await expect(exportAuditLogCsv({ ...operator, role: "OWNER", accountId } as Actor, {})).rejects.toMatchObject({ code: "forbidden" });
  });

  it("shows entries of the CLI and the system without an address", async () => {
    const { accountId: viaCli } = await createAccount(cli, { name: "Via CLI Ltd" });
    const [entry] = (await callerFor(operator).auditLog({ account: viaCli })).entries;
    expect(entry).toMatchObject({ actorType: "OPERATOR_CLI", actorLabel: "cli:test", sourceIp: null, action: "account.create" });
  });
});
