/**
 * A newcomer's first `npm start` / `npm run dev` whose embedded PostgreSQL cannot start (its port held
 * by another checkout's database) must say what failed and what to do, not only "start-up failed".
 */
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startTestServer } from "~/test/server";

describe("npm start without a database it can start", () => {
  it("names the taken port and the variable that moves it", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen({ port: 0, host: "127.0.0.1" }, resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const dir = mkdtempSync(path.join(os.tmpdir(), "embedded-pg-taken-"));
    try {
      const failure = await startTestServer({
        DATABASE_URL: "",
        DIRECT_DATABASE_URL: "",
        EMBEDDED_PG_PORT: String(port),
        EMBEDDED_PG_DIR: dir,
      }).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(failure).toContain("server exited with 1");
      const fatal = failure!.split("\n").find((line) => line.includes('"level":"fatal"'));
      expect(fatal).toBeDefined();
      const { msg } = JSON.parse(fatal!) as { msg: string };
      expect(msg).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(msg).toContain(`EMBEDDED_PG_PORT=${port + 1} npm run dev`);
      expect(msg).toContain("DATABASE_URL");
    } finally {
      holder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
