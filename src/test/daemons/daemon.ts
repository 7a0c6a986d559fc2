/**
 * Runs a real server program (PgBouncer, Redis, nginx) for a test or the benchmark: from Debian's
 * packages, on a free loopback port, with config files in a temporary folder of its own, in the
 * foreground so that it is this process's child and dies with the test. Its output is kept for the
 * failure message.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface Daemon {
  name: string;
  port: number;
  /** Its temporary folder (configuration, pid files, temporary files). */
  dir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s; removes the folder. Safe to call twice. */
  stop: () => Promise<void>;
}

/**
 * Where the program is: on PATH, or in the sbin folders a non-root PATH may lack (Debian installs
 * pgbouncer and nginx in /usr/sbin). The error names the package and says who installs it.
 */
export function findProgram(program: string, debianPackage: string): string {
  const folders = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin", "/sbin"];
  for (const folder of folders.filter(Boolean)) {
    const candidate = path.join(folder, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    `${program} is not installed: \`apt-get install -y ${debianPackage}\` (Debian's package; .ci/run installs it when missing). ` +
      `The scaled-out deployment's test and the benchmark's purchasePooled scenario run a real ${program}.`,
  );
}

/** The uid and gid of a system user, from /etc/passwd; null when there is none. */
export function systemUser(name: string): { uid: number; gid: number } | null {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

export function temporaryFolder(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port; rejects on `failed` or after timeoutMs. */
export async function waitForPort(port: number, timeoutMs: number, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = failed();
    if (why) throw new Error(why);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port });
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startDaemon(options: {
  name: string;
  command: string;
  args: string[];
  port: number;
  dir: string;
  spawnOptions?: SpawnOptions;
  timeoutMs?: number;
}): Promise<Daemon> {
  const child = spawn(options.command, options.args, { ...options.spawnOptions, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let spawnError: Error | null = null;
  child.once("error", (error) => (spawnError = error));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;

  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      if (!gone() && !spawnError) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(options.dir, { recursive: true, force: true });
    })());

  try {
    await waitForPort(options.port, options.timeoutMs ?? 15_000, () =>
      spawnError
        ? `${options.name} did not start: ${String(spawnError)}`
        : gone()
          ? `${options.name} exited with ${child.exitCode ?? child.signalCode} while starting`
          : null,
    );
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}; ${options.name}'s output:\n${output}`);
  }
  return { name: options.name, port: options.port, dir: options.dir, process: child, output: () => output, stop };
}
