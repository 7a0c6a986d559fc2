/**
 * Starts the real production server (`npm start`'s entry) on this test file's database and returns
 * its base URL; stopped after the file. Needs the production build (`npm test` builds first).
 *
 * `detached: true` starts it as the leader of a process group of its own (its pid is the group id),
 * so a test can kill the primary and every worker it forked at once: `process.kill(-pid, "SIGKILL")`.
 * A SIGKILL to the primary alone does not reach node:cluster workers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll } from "vitest";

export interface TestServer {
  port: number;
  url: (path: string, host?: string) => string;
  output: () => string;
  process: ChildProcess;
}

const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(
    started.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
          child.once("exit", resolve);
          child.kill("SIGTERM");
        }),
    ),
  );
});

export function startTestServer(env: Record<string, string> = {}, options: { detached?: boolean } = {}): Promise<TestServer> {
  if (!existsSync(`${process.env.NEXT_DIST_DIR || ".next"}/BUILD_ID`)) throw new Error("No production build: run `npm run build` first (npm test does).");
  // node --import tsx, not the tsx CLI: a single process, so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "src/bin/server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "::", SEED_DEMO: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  started.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on \S+:(\d+)/.exec(output);
      if (match) {
        const port = Number(match[1]);
        resolve({
          port,
          url: (path, host = "127.0.0.1") => `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`,
          output: () => output,
          process: child,
        });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
