/**
 * GET /api/v1/events never skips (issue 31): readers that poll the feed while events are being written
 * end up with exactly the final list, in its order.
 *
 * Writers, all at once on one account: purchases through two production server processes (successful,
 * failed, pending ones their reconcilers settle later, 16 at a time queuing on one wallet); fundings and
 * API-key changes from this process, some of them in transactions that stay open a while after writing
 * their event or that start long before they write it, as a slow writer's would (`createdAt` is when
 * its transaction started, the commit much later).
 * And a straggler: a transaction that waits, once begun, until both readers have been shown events
 * created after it began, and only then records its own. Readers, each through one of the servers, poll every 20 to 200 ms: one with `since` = the newest
 * `createdAt` it has seen, one with the last page's `resumeCursor`, each paging on with `nextCursor`.
 * When the writers are done and everything has settled, each reader's union (in the order first seen)
 * must equal the whole list, and the whole list must hold every event the database has.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { webhookEventList } from "~/schemas/webhooks";
import { db } from "~/server/db";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { revokeApiKey } from "~/server/services/api-keys/revoke-api-key";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { operator, uniqueName } from "~/test/fixtures";
import { request } from "~/test/http";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { useTestServer, type TestServer } from "~/test/server";

/** How long the writers write. */
const WRITING_MS = 6_000;
const settling = { RECONCILE_INTERVAL_MS: "200", RECONCILE_GRACE_MS: "300", RECONCILE_RETRY_MS: "200", WEBHOOK_WORKER: "0" };
const first = useTestServer(settling);
const second = useTestServer(settling);

type Page = ReturnType<typeof webhookEventList.parse>;

async function page(server: TestServer, auth: Record<string, string>, query: string): Promise<Page> {
  const response = await request(server.url(`/api/v1/events?limit=7${query}`), { headers: auth, localAddress: "127.0.0.1" });
  expect(response.status, response.text).toBe(200);
  return webhookEventList.parse(response.json());
}

/** A polling reader: what it has seen, in the order it first saw it. */
function reader(server: TestServer, auth: Record<string, string>, mode: "since" | "cursor") {
  const seen = new Map<string, string>();
  let newestCreatedAt: string | null = null;
  let resume: string | null = null;
  const poll = async () => {
    const start =
      mode === "since" ? (newestCreatedAt ? `&since=${encodeURIComponent(newestCreatedAt)}` : "") : resume ? `&cursor=${resume}` : "";
    let current = await page(server, auth, start);
    for (;;) {
      for (const event of current.data) {
        if (!seen.has(event.id)) seen.set(event.id, event.type);
        if (newestCreatedAt === null || event.createdAt > newestCreatedAt) newestCreatedAt = event.createdAt;
      }
      if (current.nextCursor === null) break;
      current = await page(server, auth, `&cursor=${current.nextCursor}`);
    }
    resume = current.resumeCursor;
  };
  return { seen, poll, newestCreatedAt: () => newestCreatedAt ?? "" };
}

async function until(what: string, done: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe("GET /api/v1/events under concurrent writers", () => {
  it("gives polling readers (by since, by cursor) every event, in the list's order", async () => {
    const { accountId, auth, keyId } = await fundedAccount(100_000_000_000n);
    const writing = { until: Date.now() + WRITING_MS };
    const stillWriting = () => Date.now() < writing.until;
    const counts = { purchases: 0, fundings: 0, slowFundings: 0, stragglers: 0, keyChanges: 0 };
    const bySince = reader(first, auth, "since");
    const byCursor = reader(second, auth, "cursor");

    const buyer = (server: TestServer, lane: number) => async () => {
      const recipients = ["08031234567", "08031234567", "08030000000", "08031231111", "08031232222"];
      for (let index = 0; stillWriting(); index++) {
        const phone = recipients[(lane + index) % recipients.length]!;
        const response = await request(server.url("/api/v1/data"), {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ clientReference: reference("feed"), planId: "mtn-1gb-30d", phone }),
          localAddress: "127.0.0.1",
        });
        expect(response.status, response.text).toBe(201);
        counts.purchases++;
      }
    };
    const funder = async () => {
      while (stillWriting()) {
        await fundWallet(operator, { accountId, amount: 1_000 });
        counts.fundings++;
        await sleep(30);
      }
    };
    // A transaction that starts, works 50 to 400 ms, then funds and commits: its event's createdAt is
    // the start, long before events that committed in the meantime.
    const slowFunder = async () => {
      while (stillWriting()) {
        await db.$transaction(
          async (tx) => {
            await tx.$executeRaw`SELECT 1`;
            await sleep(50 + Math.random() * 350);
            await fundWallet(operator, { accountId, amount: 500 }, tx);
          },
          { timeout: 10_000 },
        );
        counts.slowFundings++;
      }
    };
    // The worst case, made certain rather than left to timing: a transaction that began before events
    // both readers have already been shown, and only then records its own.
    const straggler = async () => {
      while (stillWriting()) {
        await db.$transaction(
          async (tx) => {
            const [row] = await tx.$queryRaw<{ began: Date }[]>`SELECT now() AS began`;
            const began = row!.began;
            const passed = () => [bySince, byCursor].every((one) => one.newestCreatedAt() > began.toISOString());
            while (stillWriting() && !passed()) await sleep(20);
            await fundWallet(operator, { accountId, amount: 700 }, tx);
          },
          { timeout: WRITING_MS + 10_000 },
        );
        counts.stragglers++;
      }
    };
    const keyChanger = (slow: boolean) => async () => {
      while (stillWriting()) {
        const write = async (tx?: Parameters<typeof createApiKey>[2]) => {
          const { keyId: created } = await createApiKey(operator, { accountId, name: uniqueName("feed") }, tx);
          await revokeApiKey(operator, { keyId: created }, tx);
          if (slow) await sleep(50 + Math.random() * 300);
        };
        await (slow ? db.$transaction((tx) => write(tx), { timeout: 10_000 }) : write());
        counts.keyChanges += 2;
      }
    };

    const polling = async (poll: () => Promise<void>) => {
      while (stillWriting()) {
        await poll();
        await sleep(20 + Math.random() * 180);
      }
    };

    await Promise.all([
      ...Array.from({ length: 8 }, (_, lane) => buyer(first, lane)()),
      ...Array.from({ length: 8 }, (_, lane) => buyer(second, lane)()),
      funder(),
      slowFunder(),
      slowFunder(),
      straggler(),
      keyChanger(false)(),
      keyChanger(true)(),
      polling(bySince.poll),
      polling(byCursor.poll),
    ]);
    // Each kind of writer wrote while the readers read (few on a loaded machine, but some of each).
    expect(counts.purchases).toBeGreaterThanOrEqual(16);
    expect(counts.slowFundings).toBeGreaterThanOrEqual(4);
    expect(counts.stragglers).toBeGreaterThanOrEqual(1);
    expect(counts.keyChanges).toBeGreaterThanOrEqual(8);

    // Every pending purchase settled by the servers' reconcilers; then the readers' last polls.
    await until("pending purchases settled", async () => (await db.transaction.count({ where: { accountId, status: "PENDING" } })) === 0);
    await bySince.poll();
    await byCursor.poll();

    const whole: string[] = [];
    let current = await page(first, auth, "");
    for (;;) {
      whole.push(...current.data.map((event) => event.id));
      if (current.nextCursor === null) break;
      current = await page(first, auth, `&cursor=${current.nextCursor}`);
    }
    const stored = await db.webhookEvent.findMany({ where: { accountId, livemode: true }, select: { id: true } });
    expect(new Set(whole).size).toBe(whole.length);
    expect([...whole].sort()).toEqual(stored.map((event) => event.id).sort());
    expect(whole.length).toBeGreaterThanOrEqual(
      counts.purchases + counts.fundings + counts.slowFundings + counts.stragglers + counts.keyChanges,
    );
    expect(whole).toContain((await db.webhookEvent.findFirstOrThrow({ where: { subjectId: keyId, type: "api_key.created" } })).id);

    const missing = (seen: Map<string, string>) => whole.filter((id) => !seen.has(id)).length;
    expect({ bySince: missing(bySince.seen), byCursor: missing(byCursor.seen) }, "events a reader never saw").toEqual({
      bySince: 0,
      byCursor: 0,
    });
    expect([...bySince.seen.keys()], "the reader polling with since, in the order it saw them").toEqual(whole);
    expect([...byCursor.seen.keys()], "the reader polling with resumeCursor, in the order it saw them").toEqual(whole);
  }, 180_000);
});
