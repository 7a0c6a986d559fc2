/**
 * The one logger of the server: pino, one JSON object per line on stdout, so a log pipeline filters
 * by field (`requestId`, `accountId`, `outcome`) instead of parsing prose. LOG_LEVEL chooses how much.
 *
 * One instance per process. A server process loads this module twice (src/bin/server.ts, compiled to
 * dist/server.mjs, and Next.js' server bundle for the route handlers), so the instance is kept on
 * globalThis and both copies write through the same destination with the same base fields.
 *
 * The destination is SonicBoom writing to fd 1 in this thread, synchronously: each line is one
 * write(2) as it is logged, so a process killed outright (SIGKILL, the OOM killer) has written every
 * line up to its last instruction. It is also the cheapest way at ~1000 lines/s: the asynchronous
 * mode hands every line to libuv's thread pool, which cost about 80 µs of CPU per request in the
 * benchmark, several times the system call. (A full pipe makes the write wait; a log consumer that
 * stops reading would slow the server, as it should rather than lose lines.) No transport: a worker
 * thread would add latency and lose lines when the process dies.
 *
 * Redaction is defence in depth. No call site logs headers, bodies or credentials; if one ever passes
 * such an object, these paths are censored before the line is written.
 */
import cluster from "node:cluster";
import os from "node:os";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "~/env";

export type { Logger };

const SECRET_KEYS = [
  "authorization",
  "cookie",
  "password",
  "apiKey",
  "secret",
  "token",
  "sessionToken",
  "csrfToken",
  "AUTH_SECRET",
  "DATABASE_URL",
  "DIRECT_DATABASE_URL",
  "REDIS_URL",
];

export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'headers["set-cookie"]',
  '*.headers["set-cookie"]',
  "*.headers.authorization",
  "*.headers.cookie",
];

/** "server" for a single process or the cluster primary, "worker N" for a node:cluster worker. */
function processRole(): string {
  return cluster.isWorker ? `worker ${cluster.worker?.id ?? "?"}` : "server";
}

/**
 * stdout, except in the command-line tools, whose stdout is their answer (one JSON object that
 * scripts parse): they set LOG_DESTINATION=stderr before anything logs (src/bin/log-to-stderr.ts).
 */
function logFileDescriptor(): 1 | 2 {
  return env.LOG_DESTINATION === "stderr" ? 2 : 1;
}

/** A logger with this service's format; the arguments are for tests, the server uses the defaults. */
export function createLogger(
  destination: DestinationStream = pino.destination({ dest: logFileDescriptor(), sync: true }),
  level: string = env.LOG_LEVEL,
): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid, hostname: os.hostname(), role: processRole() },
      timestamp: pino.stdTimeFunctions.isoTime,
      // "level":"info" rather than 30: operators read and grep these lines.
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination,
  );
}

const holder = globalThis as typeof globalThis & { __resellerPlatformLogger?: Logger };

export const logger: Logger = (holder.__resellerPlatformLogger ??= createLogger());

/**
 * The same logger without redaction, for the one line per API request, which is built field by field
 * from values that cannot hold a secret (ids, method, path, status, timing, outcome). Redaction's
 * wildcard paths cost about 28 µs per line against 5 µs for the line itself, measured: at a thousand
 * requests a second that is a few percent of a core, for lines that have nothing to hide. Errors
 * (which carry `err` and whatever it holds) still go through `logger`.
 */
export const requestLogger: Logger = logger.child({}, { redact: [] });
