/**
 * The benchmark's routes ship in the build but answer only when the server was started for the
 * benchmark (BENCH_ROUTES=1); the POST one never reads more than a purchase body may be.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

async function routes(flag: "0" | "1" | undefined) {
  vi.resetModules();
  vi.stubEnv("BENCH_ROUTES", flag);
  const baseline = await import("./baseline/route");
  const postBaseline = await import("./post-baseline/route");
  const pool = await import("./pool/route");
  return { baseline, postBaseline, pool };
}

const post = (body: BodyInit) =>
  new Request("http://localhost/api/bench/post-baseline", { method: "POST", headers: { "content-type": "application/json" }, body });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("/api/bench/*", () => {
  it("is a 404 problem+json unless BENCH_ROUTES=1", async () => {
    for (const flag of [undefined, "0"] as const) {
      const { baseline, postBaseline, pool } = await routes(flag);
      for (const response of [
        baseline.GET(new Request("http://localhost/api/bench/baseline")),
        await postBaseline.POST(post("{}")),
        pool.GET(new Request("http://localhost/api/bench/pool")),
      ]) {
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toBe("application/problem+json");
      }
    }
  });

  it("answers with BENCH_ROUTES=1, and refuses a body larger than a purchase may send without reading it all", async () => {
    const { baseline, postBaseline } = await routes("1");
    expect(baseline.GET(new Request("http://localhost/api/bench/baseline")).status).toBe(200);
    expect((await postBaseline.POST(post('{"clientReference":"x"}'))).status).toBe(200);

    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await postBaseline.POST(
      new Request("http://localhost/api/bench/post-baseline", { method: "POST", body: endless, duplex: "half" } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(10);
  });

  it("reports the process's database pool waits and longest hold with BENCH_ROUTES=1", async () => {
    const { pool } = await routes("1");
    const { poolWaits } = await import("~/server/db/pool-waits");
    Object.assign(poolWaits(), { acquisitions: 12, waited: 3, waitedMs: 4.6, longestWaitMs: 2.2, longestHeldMs: 7.4 });
    const response = pool.GET(new Request("http://localhost/api/bench/pool"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ acquisitions: 12, waited: 3, waitedMs: 5, longestWaitMs: 2, longestHeldMs: 7 });
  });
});
