import { describe, expect, it } from "vitest";
import { ownerOfPath, profileBreakdown, type CpuProfile } from "./profile-breakdown";

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0, columnNumber: 0 });

describe("profile breakdown", () => {
  it("names the owner of a file: a package, our source, or the Next.js build", () => {
    expect(ownerOfPath("/app/node_modules/next/dist/server/base-server.js")).toBe("Next.js");
    expect(ownerOfPath("../../../node_modules/%40opentelemetry/api/build/src/api/trace.js")).toBe("Next.js");
    expect(ownerOfPath("/app/node_modules/pg-pool/index.js")).toBe("pg (database driver)");
    expect(ownerOfPath("/app/node_modules/sonic-boom/index.js")).toBe("pino (request log)");
    expect(ownerOfPath("/app/node_modules/zod/v4/core/schemas.js")).toBe("zod");
    expect(ownerOfPath("../../../src/server/rest/api-route.ts")).toBe("our code");
    expect(ownerOfPath("/app/dist/server.mjs")).toBe("our code");
    expect(ownerOfPath("turbopack:///[turbopack]/nodejs/runtime/build-base.ts")).toBeNull();
  });

  it("charges native and Node.js frames to the package that called them, only within the window, idle left out", () => {
    // root → (program); root → pg's query → node:net write → native writev; root → our handler; idle.
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame("(root)", ""), children: [2, 3, 6, 7] },
        { id: 2, callFrame: frame("(program)", "") },
        { id: 3, callFrame: frame("query", "file:///app/node_modules/pg/lib/client.js"), children: [4] },
        { id: 4, callFrame: frame("_writeGeneric", "node:net"), children: [5] },
        { id: 5, callFrame: frame("writev", "") },
        { id: 6, callFrame: frame("handle", "file:///app/src/server/rest/api-route.ts") },
        { id: 7, callFrame: frame("(idle)", "") },
      ],
      startTime: 1_000,
      endTime: 2_000,
      // Ten samples 100 µs apart (at 1,100–2,000 µs); the window below takes those at 1,200–1,900.
      samples: [6, 5, 5, 5, 6, 2, 7, 7, 5, 6],
      timeDeltas: [100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
    };
    const breakdown = profileBreakdown(profile, { purchase: { startUs: 1_150, endUs: 1_950, serverCpuUsPerRequest: 600 } });
    // In the window: writev ×4, the handler ×1, (program) ×1 and idle ×2 → 4/6, 1/6, 1/6 of 600 µs.
    expect(breakdown).toEqual({ purchase: { "pg (database driver)": 400, "our code": 100, "Node.js runtime": 100 } });
  });
});
