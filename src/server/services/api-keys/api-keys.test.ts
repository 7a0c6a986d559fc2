import { createHash, randomBytes } from "node:crypto";
import type * as NodeCrypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/server/db";
import { createAccount } from "~/server/services/accounts/create-account";
import { authenticateApiKey } from "./authenticate-api-key";
import { createApiKey } from "./create-api-key";
import { hashApiKey } from "./hash-api-key";
import { revokeApiKey } from "./revoke-api-key";
import { operator, rejection } from "~/test/fixtures";

// Passes through to the real generator unless a test scripts the bytes.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  return { ...actual, randomBytes: vi.fn(actual.randomBytes) };
});

async function newAccount() {
  const { accountId } = await createAccount(operator, { name: "Key Test Ltd" });
  return accountId;
}

describe("createApiKey", () => {
  it("returns pk_live_ and 40 base62 characters, and stores only the prefix, the last 4 and the SHA-256", async () => {
    const accountId = await newAccount();
    const { keyId, apiKey } = await createApiKey(operator, { accountId });
    expect(apiKey).toMatch(/^pk_live_[A-Za-z0-9]{40}$/);

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(row).toMatchObject({ accountId, name: "default", prefix: "pk_live_", lastFour: apiKey.slice(-4), revokedAt: null });
    expect(row.keyHash).toBe(createHash("sha256").update(apiKey).digest("hex"));
    expect(hashApiKey(apiKey)).toBe(row.keyHash);
    const secret = apiKey.slice("pk_live_".length);
    const [dump] = await db.$queryRaw<{ rows: string }[]>`SELECT json_agg(k)::text AS rows FROM api_keys k`;
    expect(dump?.rows).toContain(row.keyHash);
    expect(dump?.rows).not.toContain(secret);
    expect(dump?.rows).not.toContain(secret.slice(-5));

    const audit = await db.auditLogEntry.findFirstOrThrow({ where: { action: "key.create", targetId: keyId } });
    expect(JSON.stringify(audit.details)).not.toContain(secret);
  });

  it("draws characters without modulo bias", async () => {
    // Every byte at or above 248 must be skipped: feed bytes 248..255 and then 0..61, expect 0-9A-Za-z in order.
    const accountId = await newAccount();
    const scripted = (size: number) => {
      const bytes = Buffer.alloc(size);
      for (let index = 0; index < size; index += 1) bytes[index] = index < 8 ? 248 + index : (index - 8) % 62;
      return bytes;
    };
    vi.mocked(randomBytes)
      .mockImplementationOnce(scripted as typeof randomBytes)
      .mockImplementationOnce(scripted as typeof randomBytes);
    const { apiKey } = await createApiKey(operator, { accountId });
    // 40 draws: the first 8 bytes are discarded, the next 32 map to 0-9A-V, a second batch supplies the rest.
    expect(apiKey).toBe("pk_live_0123456789ABCDEFGHIJKLMNOPQRSTUV01234567");
  });

  it("gives distinct keys with roughly uniform characters", async () => {
    const accountId = await newAccount();
    // One after another: this is about the keys drawn, not about concurrency (25 transactions at once
    // waited past Prisma's time to start one on a loaded machine).
    const keys = [];
    for (let index = 0; index < 25; index += 1) keys.push(await createApiKey(operator, { accountId, name: `k${index}` }));
    expect(new Set(keys.map((key) => key.apiKey)).size).toBe(25);
    const counts = new Map<string, number>();
    for (const { apiKey } of keys) for (const character of apiKey.slice(8)) counts.set(character, (counts.get(character) ?? 0) + 1);
    // 1000 draws over 62 symbols: every symbol shows up, none dominates.
    expect(counts.size).toBeGreaterThan(55);
    expect(Math.max(...counts.values())).toBeLessThan(50);
  });

  it("answers unknown and malformed account ids with account.not_found", async () => {
    for (const accountId of ["00000000-0000-4000-8000-000000000000", "x"]) {
      expect((await rejection(createApiKey(operator, { accountId }))).code).toBe("account.not_found");
    }
  });
});

describe("revokeApiKey", () => {
  it("revokes once, keeps the first time on repeats, and the key stops authenticating", async () => {
    const accountId = await newAccount();
    const { keyId, apiKey } = await createApiKey(operator, { accountId, name: "ci" });
    await expect(authenticateApiKey(`Bearer ${apiKey}`, "127.0.0.1")).resolves.toMatchObject({ actor: { apiKeyId: keyId } });

    const first = await revokeApiKey(operator, { keyId });
    expect(first.keyId).toBe(keyId);
    expect(new Date(first.revokedAt).toISOString()).toBe(first.revokedAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await revokeApiKey(operator, { keyId });
    expect(again).toEqual(first);

    expect((await rejection(authenticateApiKey(`Bearer ${apiKey}`, "127.0.0.1"))).code).toBe("unauthorized");
    expect(await db.auditLogEntry.count({ where: { action: "key.revoke", targetId: keyId } })).toBe(1);
  });

  it("answers unknown and malformed key ids with key.not_found", async () => {
    for (const keyId of ["00000000-0000-4000-8000-000000000000", "pk_live_abc", " "]) {
      const error = await rejection(revokeApiKey(operator, { keyId }));
      expect(error.code).toBe(keyId.trim() ? "key.not_found" : "validation.failed");
    }
  });
});
