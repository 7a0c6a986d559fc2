/** An upstream's wallet read now (what the balance poll records): against the fake VTpass, unreachable, and the sandbox. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxProvider } from "~/server/providers/sandbox-provider";
import { VtpassProvider } from "~/server/providers/vtpass/vtpass-provider";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { createAccountWithKey, operator, rejection } from "~/test/fixtures";
import { getUpstreamBalance } from "./get-upstream-balance";

let fake: FakeVtpass;

function vtpassAt(baseUrl: string, keys = fake.keys): VtpassProvider {
  return new VtpassProvider({
    baseUrl,
    ...keys,
    vendTimeoutMs: 500,
    queryTimeoutMs: 300,
    retries: 0,
    retryDelayMs: 10,
    notFoundAfterMs: 60_000,
    defaultPhone: null,
  });
}

beforeAll(async () => {
  fake = await startFakeVtpass();
});
afterAll(() => fake.close());

describe("getUpstreamBalance", () => {
  it("reads VTpass's balance (naira) as kobo", async () => {
    fake.balance = 250_000.5;
    const balance = await getUpstreamBalance(operator, { provider: vtpassAt(fake.baseUrl) });
    expect(balance).toEqual({ available: true, provider: "vtpass", balanceKobo: 25_000_050n });
  });

  it("is 'not available', never an error, when VTpass cannot be reached or refuses our keys", async () => {
    const closed = await startFakeVtpass();
    const closedUrl = closed.baseUrl;
    await closed.close();
    await expect(getUpstreamBalance(operator, { provider: vtpassAt(closedUrl) })).resolves.toMatchObject({
      available: false,
      provider: "vtpass",
      reason: expect.any(String),
    });
    const wrongKeys = vtpassAt(fake.baseUrl, { ...fake.keys, publicKey: "PK_wrong" });
    await expect(getUpstreamBalance(operator, { provider: wrongKeys })).resolves.toMatchObject({ available: false });
  });

  it("is 'not available' for the sandbox, which has no wallet", async () => {
    await expect(getUpstreamBalance(operator, { provider: new SandboxProvider() })).resolves.toMatchObject({
      available: false,
      provider: "sandbox",
    });
  });

  it("is for operators only", async () => {
    const { accountId, keyId } = await createAccountWithKey();
    const error = await rejection(
      getUpstreamBalance({ kind: "api-key", apiKeyId: keyId, accountId, sourceIp: "127.0.0.1" }, { provider: vtpassAt(fake.baseUrl) }),
    );
    expect(error.code).toBe("forbidden");
  });
});
