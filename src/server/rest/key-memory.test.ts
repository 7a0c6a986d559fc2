/**
 * Data and airtime purchases authorise a key the process has looked up in the last minute from memory
 * (key-memory.ts, `authorizeFromMemory` in purchase-route.ts), one round trip fewer, and the statement that
 * claims the reference and debits the wallet confirms it. The real route handlers in process, every
 * statement counted at the driver: the look-up is skipped, and nothing that changes a key's standing
 * (revocation, the allowlist, the account's allowlist setting) is missed by the very next purchase.
 */
import { describe, expect, it } from "vitest";
import { POST as buyAirtime } from "~/app/api/v1/airtime/route";
import { POST as buyData } from "~/app/api/v1/data/route";
import { db } from "~/server/db";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { addAllowlistEntry } from "~/server/services/allowlist/add-allowlist-entry";
import { removeAllowlistEntry } from "~/server/services/allowlist/remove-allowlist-entry";
import { setAllowlistRequired } from "~/server/services/allowlist/set-allowlist-required";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { operator } from "~/test/fixtures";
import { balanceOf, fundedAccount, reference } from "~/test/purchase-fixtures";
import { isKeyStatement, keyUsed, statementsDuring } from "~/test/statements";

type Handler = (request: Request) => Promise<Response>;

function post(handler: Handler, auth: Record<string, string>, body: unknown, options: { from?: string; rawBody?: string } = {}) {
  return handler(
    new Request("http://localhost/api/v1/purchase", {
      method: "POST",
      headers: { ...auth, "content-type": "application/json", [SOURCE_ADDRESS_HEADER]: options.from ?? "127.0.0.1" },
      body: options.rawBody ?? JSON.stringify(body),
    }),
  );
}

const data = () => ({ clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" });
const DATA_PRICE = 28_000n;

async function transactionsOf(accountId: string) {
  return db.transaction.count({ where: { accountId } });
}

describe("a key used in the last minute", () => {
  it("buys data in two statements, the claim and the settlement, with no look-up of the key", async () => {
    const { auth, keyId, accountId } = await fundedAccount(100_000n);
    expect((await post(buyData, auth, data())).status).toBe(201);
    await keyUsed(keyId);

    const { result, statements } = await statementsDuring(() => post(buyData, auth, data()));
    expect(result.status).toBe(201);
    expect(statements.filter(isKeyStatement)).toEqual([]);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain("begin_data_purchase");
    expect(statements[1]).toContain("settle_purchase");
    expect(await balanceOf(accountId)).toBe(100_000n - 2n * DATA_PRICE);
  });

  it("is answered a replay and a 409 by the claiming statement alone", async () => {
    const { auth, keyId } = await fundedAccount(100_000n);
    const order = data();
    const first = await post(buyData, auth, order);
    await keyUsed(keyId);

    const { result: replay, statements } = await statementsDuring(() => post(buyData, auth, order));
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ...(await first.json()), idempotentReplay: true });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain("begin_data_purchase");
    expect((await post(buyData, auth, { ...order, phone: "08039999999" })).status).toBe(409);
  });

  it("buys airtime without a look-up of the key", async () => {
    const { auth, keyId, accountId } = await fundedAccount(100_000n);
    const airtime = () => ({ clientReference: reference(), networkId: "mtn", phone: "08031234567", amount: 10_000 });
    expect((await post(buyAirtime, auth, airtime())).status).toBe(201);
    await keyUsed(keyId);
    const { result, statements } = await statementsDuring(() => post(buyAirtime, auth, airtime()));
    expect(result.status).toBe(201);
    expect(statements.filter(isKeyStatement)).toEqual([]);
    expect(await balanceOf(accountId)).toBe(100_000n - 20_000n);
  });
});

describe("what changes a remembered key's standing applies to its very next purchase", () => {
  it("revoked: 401, and neither a charge, a transaction nor a replay", async () => {
    const { auth, keyId, accountId } = await fundedAccount(100_000n);
    const order = data();
    expect((await post(buyData, auth, order)).status).toBe(201);
    await revokeApiKey(operator, { keyId });

    const balance = await balanceOf(accountId);
    const count = await transactionsOf(accountId);
    for (const attempt of [data(), order]) {
      const refused = await post(buyData, auth, attempt);
      expect(refused.status).toBe(401);
      expect(JSON.stringify(await refused.json())).toContain("A valid API key is required");
    }
    expect(await balanceOf(accountId)).toBe(balance);
    expect(await transactionsOf(accountId)).toBe(count);
  });

  it("revoked, with a body that is not valid: 401 first, as the contract orders the answers", async () => {
    const { auth, keyId } = await fundedAccount(100_000n);
    expect((await post(buyData, auth, data())).status).toBe(201);
    await revokeApiKey(operator, { keyId });
    expect((await post(buyData, auth, null, { rawBody: "{ not json" })).status).toBe(401);
    expect((await post(buyData, auth, { ...data(), planId: "" })).status).toBe(401);
  });

  it("its address taken off the allowlist: 403, nothing charged", async () => {
    const { auth, accountId } = await fundedAccount(100_000n, { createdAt: "2026-08-01", allowlist: ["10.0.0.1", "10.0.0.2"] });
    expect((await post(buyData, auth, data(), { from: "10.0.0.2" })).status).toBe(201);
    await removeAllowlistEntry(operator, { accountId, entry: "10.0.0.2" });

    const balance = await balanceOf(accountId);
    const refused = await post(buyData, auth, data(), { from: "10.0.0.2" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors).toEqual([expect.objectContaining({ name: "ip.not_allowed" })]);
    expect(await balanceOf(accountId)).toBe(balance);
    expect((await post(buyData, auth, data(), { from: "10.0.0.1" })).status).toBe(201);
  });

  it("an address added to the allowlist: let in at once (memory never refuses)", async () => {
    const { auth, accountId } = await fundedAccount(100_000n, { createdAt: "2026-08-01", allowlist: ["10.0.0.1"] });
    expect((await post(buyData, auth, data(), { from: "10.0.0.1" })).status).toBe(201);
    await addAllowlistEntry(operator, { accountId, entry: "10.0.0.3" });
    expect((await post(buyData, auth, data(), { from: "10.0.0.3" })).status).toBe(201);
  });

  it("its account made to require an allowlist it does not have: 403, nothing charged", async () => {
    const { auth, accountId } = await fundedAccount(100_000n, { createdAt: "2026-03-01" });
    expect((await post(buyData, auth, data())).status).toBe(201);
    await setAllowlistRequired(operator, { accountId, required: true });

    const balance = await balanceOf(accountId);
    const refused = await post(buyData, auth, data());
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors).toEqual([expect.objectContaining({ name: "ip.not_configured" })]);
    expect(await balanceOf(accountId)).toBe(balance);
  });

  it("changed in the database by anyone, not only through the services (the version is kept by triggers)", async () => {
    const { auth, keyId, accountId } = await fundedAccount(100_000n, { createdAt: "2026-08-01", allowlist: ["10.0.0.1", "10.0.0.2"] });
    expect((await post(buyData, auth, data(), { from: "10.0.0.2" })).status).toBe(201);
    await db.$executeRaw`DELETE FROM allowlist_entries WHERE account_id = ${accountId}::uuid AND cidr = '10.0.0.2/32'`;
    expect((await post(buyData, auth, data(), { from: "10.0.0.2" })).status).toBe(403);

    expect((await post(buyData, auth, data(), { from: "10.0.0.1" })).status).toBe(201);
    await db.$executeRaw`UPDATE api_keys SET revoked_at = now() WHERE id = ${keyId}::uuid`;
    expect((await post(buyData, auth, data(), { from: "10.0.0.1" })).status).toBe(401);
  });
});
