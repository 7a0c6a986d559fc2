/**
 * The operator command line's commands (DESIGN.md §4.1): each a thin translation of flags into one
 * service call. Kept apart from src/bin/admin.ts, which parses the command line and prints, so tests
 * can list the commands and run them in-process (the audit coverage test requires every command that
 * changes something to leave an audit entry).
 */
import type { ParseArgsConfig } from "node:util";
import type { Actor } from "~/server/auth/actor";
import type { CreateUserInput } from "~/schemas/operator";

export type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;
type FlagSpec = NonNullable<ParseArgsConfig["options"]>;

export interface Command {
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

export const COMMANDS: Record<string, Command> = {
  "account:create": {
    summary: "--name <name> [--created-at YYYY-MM-DD] [--catalog]",
    options: { name: string, "created-at": string, catalog: boolean },
    required: ["name"],
    run: async (actor, flags) => {
      const { createAccount } = await import("~/server/services/accounts/create-account");
      return createAccount(actor, {
        name: text(flags, "name") ?? "",
        createdAt: text(flags, "created-at"),
        onProductCatalog: flags.catalog === true,
      });
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
