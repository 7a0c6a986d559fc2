/**
 * DESIGN.md §3.3.7: no database connection, transaction or lock is held across a vend. The begin
 * statement commits before the provider is called and the settlement is a statement of its own after
 * it, so while a vend waits on a slow upstream, no connection of the pool is out (the pool's hold
 * timer, src/server/db/pool-waits.ts, which the slowUpstream benchmark reads) and the account's other
 * purchases go through (its wallet's lock is free).
 */
import { afterEach, describe, expect, it } from "vitest";
import { getVendProvider, setVendProviderForTests, type VendProvider } from "~/server/providers";
import { longestHeldMs, poolWaits } from "~/server/db/pool-waits";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { purchaseData } from "./purchase-data";

/** How long the first vend is kept waiting: far longer than any statement's hold on a busy machine. */
const VEND_WAIT_MS = 1_000;

afterEach(() => setVendProviderForTests(null));

describe("a vend waiting on the upstream", () => {
  it("holds no connection of the pool and no lock of the wallet meanwhile", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    const inner = getVendProvider();
    let vendStarted!: () => void;
    const started = new Promise<void>((resolve) => (vendStarted = resolve));
    let gated = true;
    const slowFirstVend: VendProvider = {
      name: inner.name,
      verifyCustomer: (request) => inner.verifyCustomer(request),
      requery: (request) => inner.requery(request),
      vend: async (request) => {
        if (gated) {
          gated = false;
          vendStarted();
          await new Promise((resolve) => setTimeout(resolve, VEND_WAIT_MS));
        }
        return inner.vend(request);
      },
    };
    setVendProviderForTests(slowFirstVend);
    poolWaits().longestHeldMs = 0;

    const slow = purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" });
    await started;
    // Another purchase of the same wallet, begun and settled while the first vend waits.
    const meanwhile = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234568" });
    expect(meanwhile.transaction.status).toBe("successful");
    await new Promise((resolve) => setTimeout(resolve, VEND_WAIT_MS / 2));
    // Half the vend's wait in: a connection taken before the vend and still out would be that old.
    expect(longestHeldMs()).toBeLessThan(VEND_WAIT_MS / 2);

    const result = await slow;
    expect(result.transaction.status).toBe("successful");
    expect(longestHeldMs()).toBeLessThan(VEND_WAIT_MS / 2);
    expect(poolWaits().longestHeldMs).toBeGreaterThan(0);
  });
});
