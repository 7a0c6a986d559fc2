/**
 * The operator command line's commands (DESIGN.md §4.1): each a thin translation of flags into one
 * service call. Kept apart from src/bin/admin.ts, which parses the command line and prints, so tests
 * can list the commands and run them in-process (the audit coverage test requires every command that
 * changes something to leave an audit entry).
 */
import { readFile } from "node:fs/promises";
import type { ParseArgsConfig } from "node:util";
import type { Actor } from "~/server/auth/actor";
import { invalidInput } from "~/server/validation/parse-input";
import type { z } from "zod";
import { billProductInput, billProductPatch, networkInput, networkPatch, planInput, planPatch } from "~/schemas/catalog-admin";
import type { CreateUserInput } from "~/schemas/operator";
import type { ListBankTransfersInput } from "~/schemas/funding";

export type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;
type FlagSpec = NonNullable<ParseArgsConfig["options"]>;

export interface Command {
  summary: string;
  options: FlagSpec;
  required: string[];
  /** Pairs of boolean flags of which exactly one must be given. */
  choice?: [string, string];
  /** The name under which the one argument without a flag is passed, if the command takes one (`catalog:import <file>`). */
  positional?: string;
  run: (actor: Actor, flags: Flags) => Promise<unknown>;
}

const string = { type: "string" } as const;
const boolean = { type: "boolean" } as const;

const text = (flags: Flags, name: string): string | undefined => {
  const value = flags[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * A catalog row's fields as flags: the schema's field names in kebab-case (`retailPrice` is
 * `--retail-price`), read off the create and edit schemas (src/schemas/catalog-admin.ts), so a field
 * added there is a flag here. Every value is text and the service's schema reads it as it reads a
 * form's: money as whole kobo, booleans as `true` or `false`. `none` empties a field that may be empty
 * (`--cost-price none`). An update changes only the flags given.
 */
interface CatalogKind {
  noun: string;
  fields: string[];
  nullable: string[];
  booleans: string[];
  /** Flags a new row needs (besides --id). */
  required: string[];
  /** Fields fixed at creation: not flags of the update. */
  createOnly: string[];
  services: () => Promise<{
    create: (actor: Actor, row: never) => Promise<unknown>;
    update: (actor: Actor, row: never) => Promise<unknown>;
  }>;
}

const kebabCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** What the schemas say of each field, asked of the field's own schema rather than written out again. */
function catalogKind(noun: string, create: z.ZodObject, patch: z.ZodObject, services: CatalogKind["services"]): CatalogKind {
  const fields = Object.entries(create.shape).filter(([name]) => name !== "id");
  const flagsWhere = (test: (field: z.ZodType) => boolean) =>
    fields.filter(([, field]) => test(field as z.ZodType)).map(([name]) => kebabCase(name));
  return {
    noun,
    fields: fields.map(([name]) => kebabCase(name)),
    nullable: flagsWhere((field) => field.safeParse(null).success),
    booleans: flagsWhere((field) => field.safeParse(true).success && !field.safeParse("1").success),
    required: flagsWhere((field) => !field.safeParse(undefined).success),
    createOnly: fields.filter(([name]) => !(name in patch.shape)).map(([name]) => kebabCase(name)),
    services,
  };
}

const camelCase = (flag: string) => flag.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

function catalogRow(kind: CatalogKind, flags: Flags): Record<string, unknown> {
  const row: Record<string, unknown> = { id: text(flags, "id") ?? "" };
  for (const field of kind.fields) {
    const value = text(flags, field);
    if (value === undefined) continue;
    if (kind.nullable.includes(field) && value === "none") row[camelCase(field)] = null;
    else if (kind.booleans.includes(field) && (value === "true" || value === "false")) row[camelCase(field)] = value === "true";
    else row[camelCase(field)] = value;
  }
  return row;
}

const flagList = (fields: string[]) => fields.map((field) => `--${field} <value>`).join(" ");

/** create, update, deactivate and activate of one kind of catalog row. */
function catalogCommands(kind: CatalogKind): Record<string, Command> {
  const optionsOf = (fields: string[]) => Object.fromEntries(["id", ...fields].map((field) => [field, string]));
  const optional = kind.fields.filter((field) => !kind.required.includes(field));
  const editable = kind.fields.filter((field) => !kind.createOnly.includes(field));
  const setActive = (active: boolean): Command => ({
    summary: "--id <id>",
    options: { id: string },
    required: ["id"],
    run: async (actor, flags) => (await kind.services()).update(actor, { id: text(flags, "id") ?? "", active } as never),
  });
  return {
    [`${kind.noun}:create`]: {
      summary: `--id <id> ${flagList(kind.required)} [${flagList(optional)}]`,
      options: optionsOf(kind.fields),
      required: ["id", ...kind.required],
      run: async (actor, flags) => (await kind.services()).create(actor, catalogRow(kind, flags) as never),
    },
    [`${kind.noun}:update`]: {
      summary: `--id <id> [${flagList(editable)}]  (none empties an optional field)`,
      options: optionsOf(editable),
      required: ["id"],
      run: async (actor, flags) => (await kind.services()).update(actor, catalogRow(kind, flags) as never),
    },
    [`${kind.noun}:deactivate`]: setActive(false),
    [`${kind.noun}:activate`]: setActive(true),
  };
}

const NETWORKS = catalogKind("network", networkInput, networkPatch, async () => {
  const { createNetwork, updateNetwork } = await import("~/server/services/catalog/save-network");
  return { create: createNetwork, update: updateNetwork };
});

const PLANS = catalogKind("plan", planInput, planPatch, async () => {
  const { createPlan, updatePlan } = await import("~/server/services/catalog/save-plan");
  return { create: createPlan, update: updatePlan };
});

const BILL_PRODUCTS = catalogKind("product", billProductInput, billProductPatch, async () => {
  const { createBillProduct, updateBillProduct } = await import("~/server/services/catalog/save-bill-product");
  return { create: createBillProduct, update: updateBillProduct };
});

/** The item a price is for: `--plan <planId>` or `--product <productId>` (the service requires exactly one). */
const item = (flags: Flags) => ({ planId: text(flags, "plan"), productId: text(flags, "product") });
const ITEM_SUMMARY = "--plan <planId> | --product <productId>";

async function readCatalogFile(file: string): Promise<unknown> {
  let content: string;
  try {
    content = await readFile(file, "utf8");
  } catch (error) {
    throw invalidInput([{ name: "file", reason: `cannot be read: ${(error as Error).message}` }]);
  }
  try {
    return JSON.parse(content) as unknown;
  } catch (error) {
    throw invalidInput([{ name: "file", reason: `is not JSON: ${(error as Error).message}` }]);
  }
}

/** route:disable and route:enable: one product's route to one upstream switched off or on. */
function routeSwitch(enabled: boolean, summary: string): Command {
  return {
    summary,
    options: { service: string, product: string, provider: string },
    required: ["service", "product", "provider"],
    run: async (actor, flags) => {
      const { setRouteEnabled } = await import("~/server/services/routing/set-route-enabled");
      return setRouteEnabled(actor, {
        service: text(flags, "service") as never,
        productCode: text(flags, "product") ?? "",
        provider: text(flags, "provider") ?? "",
        enabled,
      });
    },
  };
}

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
  "user:set-password": {
    summary:
      "--user <userId or email> [--password <password>] [--permanent]  (default: a temporary password, printed once, to be changed at next sign-in within 24 h)",
    options: { user: string, password: string, permanent: boolean },
    required: ["user"],
    run: async (actor, flags) => {
      const { setUserPassword } = await import("~/server/services/users/set-user-password");
      return setUserPassword(actor, {
        userId: text(flags, "user") ?? "",
        password: text(flags, "password"),
        permanent: flags.permanent === true,
      });
    },
  },
  "user:disable": {
    summary: "--user <userId or email>  (every session of the user ends; never the last active operator)",
    options: { user: string },
    required: ["user"],
    run: async (actor, flags) => {
      const { setUserDisabled } = await import("~/server/services/users/set-user-disabled");
      return setUserDisabled(actor, { userId: text(flags, "user") ?? "", disabled: true });
    },
  },
  "user:enable": {
    summary: "--user <userId or email>  (prints a temporary password: the old one does not come back)",
    options: { user: string },
    required: ["user"],
    run: async (actor, flags) => {
      const { setUserDisabled } = await import("~/server/services/users/set-user-disabled");
      return setUserDisabled(actor, { userId: text(flags, "user") ?? "", disabled: false });
    },
  },
  "user:reset-2fa": {
    summary: "--user <userId or email>  (turns two-factor sign-in off; an operator sets it up again at next sign-in)",
    options: { user: string },
    required: ["user"],
    run: async (actor, flags) => {
      const { resetUserTwoFactor } = await import("~/server/services/security/reset-user-two-factor");
      return resetUserTwoFactor(actor, { userId: text(flags, "user") ?? "" });
    },
  },
  "key:create": {
    summary: "--account <accountId> [--name <name>] [--mode live|test]",
    options: { account: string, name: string, mode: string },
    required: ["account"],
    run: async (actor, flags) => {
      const { createApiKey } = await import("~/server/services/api-keys/create-api-key");
      const mode = text(flags, "mode") as "live" | "test" | undefined;
      return createApiKey(actor, { accountId: text(flags, "account") ?? "", name: text(flags, "name"), mode });
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
  "reversals:sweep": {
    summary: "[--all]  (asks VTpass whether delivered purchases due a check were reversed; --all: every one still watched)",
    options: { all: boolean },
    required: [],
    run: async (actor, flags) => {
      const { sweepReversals } = await import("~/server/services/reconciliation/sweep-reversals");
      return sweepReversals(actor, { includeNotDue: flags.all === true });
    },
  },
  "test-data:prune": {
    summary: "[--days <n>] (default TEST_DATA_RETENTION_DAYS)",
    options: { days: string },
    required: [],
    run: async (actor, flags) => {
      const { env } = await import("~/env");
      const { pruneTestData } = await import("~/server/services/wallet/prune-test-data");
      return pruneTestData(actor, { olderThanDays: text(flags, "days") ?? env.TEST_DATA_RETENTION_DAYS });
    },
  },
  "funding:reconcile": {
    summary: "[--hours <n>]  (Paystack's transfers of the last n hours, default PAYSTACK_RECONCILE_LOOKBACK_HOURS, credited if missed)",
    options: { hours: string },
    required: [],
    run: async (actor, flags) => {
      const { reconcileBankTransfers } = await import("~/server/services/funding/reconcile-bank-transfers");
      const hours = text(flags, "hours");
      if (hours !== undefined && !/^[1-9]\d{0,3}$/.test(hours))
        throw invalidInput([{ name: "hours", reason: "must be a whole number of hours" }]);
      return reconcileBankTransfers(actor, { lookbackHours: hours === undefined ? undefined : Number(hours) });
    },
  },
  "funding:queue": {
    summary: "[--status UNMATCHED|CREDITED|RETURNED] [--account <accountId>]  (bank transfers; the unmatched queue by default)",
    options: { status: string, account: string },
    required: [],
    run: async (actor, flags) => {
      const { listBankTransfers } = await import("~/server/services/funding/list-bank-transfers");
      // The service's schema checks the status (a misspelt one is a validation error naming `status`).
      const status = text(flags, "status") as ListBankTransfersInput["status"];
      return listBankTransfers(actor, { status, accountId: text(flags, "account") });
    },
  },
  "funding:assign": {
    summary: "--transfer <bankTransferId> --account <accountId> --note <why>  (credit an unmatched transfer to the account)",
    options: { transfer: string, account: string, note: string },
    required: ["transfer", "account", "note"],
    run: async (actor, flags) => {
      const { assignBankTransfer } = await import("~/server/services/funding/assign-bank-transfer");
      return assignBankTransfer(actor, {
        transferId: text(flags, "transfer") ?? "",
        accountId: text(flags, "account") ?? "",
        note: text(flags, "note") ?? "",
      });
    },
  },
  "funding:return": {
    summary: "--transfer <bankTransferId> --note <how it was refunded>  (an unmatched transfer sent back to its payer)",
    options: { transfer: string, note: string },
    required: ["transfer", "note"],
    run: async (actor, flags) => {
      const { returnBankTransfer } = await import("~/server/services/funding/return-bank-transfer");
      return returnBankTransfer(actor, { transferId: text(flags, "transfer") ?? "", note: text(flags, "note") ?? "" });
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
  ...catalogCommands(NETWORKS),
  ...catalogCommands(PLANS),
  ...catalogCommands(BILL_PRODUCTS),
  "catalog:list": {
    summary: "(every network, plan and bill product, on sale or not, with costs)",
    options: {},
    required: [],
    run: async (actor) => {
      const { listCatalogAdmin } = await import("~/server/services/catalog/list-catalog-admin");
      return listCatalogAdmin(actor);
    },
  },
  "catalog:export": {
    summary: "(prints the catalog file)",
    options: {},
    required: [],
    run: async (actor) => {
      const { exportCatalog } = await import("~/server/services/catalog/export-catalog");
      return exportCatalog(actor);
    },
  },
  "catalog:import": {
    summary: "<file> | --sandbox [--dry-run]",
    options: { sandbox: boolean, "dry-run": boolean },
    required: [],
    positional: "file",
    run: async (actor, flags) => {
      const { importCatalog } = await import("~/server/services/catalog/import-catalog");
      const file = text(flags, "file");
      if ((flags.sandbox === true) === (file !== undefined)) {
        throw invalidInput([{ name: "file", reason: "give either a catalog file or --sandbox" }]);
      }
      const { SANDBOX_CATALOG_FILE } = await import("~/server/seed/catalog");
      const content = file === undefined ? SANDBOX_CATALOG_FILE : await readCatalogFile(file);
      return importCatalog(actor, content, { dryRun: flags["dry-run"] === true });
    },
  },
  "catalog:sync": {
    summary:
      "--provider vtpass|clubkonnect [--dry-run]  (new rows are created inactive; only costs change: VTpass's on plans and products, Clubkonnect's on its data plan routes)",
    options: { provider: string, "dry-run": boolean },
    required: ["provider"],
    run: async (actor, flags) => {
      const provider = text(flags, "provider");
      const dryRun = flags["dry-run"] === true;
      if (provider === "clubkonnect") {
        const { syncClubkonnectPlans, clubkonnectCatalogSourceFromEnv } = await import("~/server/services/catalog/sync-clubkonnect-plans");
        return syncClubkonnectPlans(actor, clubkonnectCatalogSourceFromEnv(), { dryRun });
      }
      if (provider !== "vtpass")
        throw invalidInput([{ name: "provider", reason: "must be vtpass or clubkonnect (the providers with a catalog)" }]);
      const { syncCatalog, vtpassCatalogSourceFromEnv } = await import("~/server/services/catalog/sync-catalog");
      return syncCatalog(actor, vtpassCatalogSourceFromEnv(), { dryRun });
    },
  },
  "price:set": {
    summary: `--account <accountId> ${ITEM_SUMMARY} --price <kobo> [--basis retail|special]`,
    options: { account: string, plan: string, product: string, price: string, basis: string },
    required: ["account", "price"],
    run: async (actor, flags) => {
      const { setAccountPrice } = await import("~/server/services/pricing/set-account-price");
      const price = text(flags, "price") ?? "";
      return setAccountPrice(actor, { accountId: text(flags, "account") ?? "", ...item(flags), price, pricingBasis: text(flags, "basis") });
    },
  },
  "price:clear": {
    summary: `--account <accountId> ${ITEM_SUMMARY}  (the price list's or the default price applies again)`,
    options: { account: string, plan: string, product: string },
    required: ["account"],
    run: async (actor, flags) => {
      const { setAccountPrice } = await import("~/server/services/pricing/set-account-price");
      return setAccountPrice(actor, { accountId: text(flags, "account") ?? "", ...item(flags), price: null });
    },
  },
  "price-list:create": {
    summary: "--name <name>",
    options: { name: string },
    required: ["name"],
    run: async (actor, flags) => {
      const { createPriceList } = await import("~/server/services/pricing/manage-price-lists");
      return createPriceList(actor, { name: text(flags, "name") ?? "" });
    },
  },
  "price-list:rename": {
    summary: "--list <id or name> --name <new name>",
    options: { list: string, name: string },
    required: ["list", "name"],
    run: async (actor, flags) => {
      const { renamePriceList } = await import("~/server/services/pricing/manage-price-lists");
      return renamePriceList(actor, { priceListId: text(flags, "list") ?? "", name: text(flags, "name") ?? "" });
    },
  },
  "price-list:set": {
    summary: `--list <id or name> ${ITEM_SUMMARY} --price <kobo> [--basis retail|special]`,
    options: { list: string, plan: string, product: string, price: string, basis: string },
    required: ["list", "price"],
    run: async (actor, flags) => {
      const { setPriceListPrice } = await import("~/server/services/pricing/manage-price-lists");
      const price = text(flags, "price") ?? "";
      return setPriceListPrice(actor, {
        priceListId: text(flags, "list") ?? "",
        ...item(flags),
        price,
        pricingBasis: text(flags, "basis"),
      });
    },
  },
  "price-list:clear": {
    summary: `--list <id or name> ${ITEM_SUMMARY}  (the default price applies again to the list's accounts)`,
    options: { list: string, plan: string, product: string },
    required: ["list"],
    run: async (actor, flags) => {
      const { setPriceListPrice } = await import("~/server/services/pricing/manage-price-lists");
      return setPriceListPrice(actor, { priceListId: text(flags, "list") ?? "", ...item(flags), price: null });
    },
  },
  "price-list:assign": {
    summary: "--account <accountId> --list <id or name> | --none",
    options: { account: string, list: string, none: boolean },
    required: ["account"],
    run: async (actor, flags) => {
      const { assignPriceList } = await import("~/server/services/pricing/manage-price-lists");
      const list = text(flags, "list");
      if ((flags.none === true) === (list !== undefined)) throw invalidInput([{ name: "list", reason: "give either --list or --none" }]);
      return assignPriceList(actor, { accountId: text(flags, "account") ?? "", priceListId: list ?? null });
    },
  },
  "price-list:show": {
    summary: "--list <id or name>",
    options: { list: string },
    required: ["list"],
    run: async (actor, flags) => {
      const { getPriceList } = await import("~/server/services/pricing/list-price-lists");
      return getPriceList(actor, text(flags, "list") ?? "");
    },
  },
  "price-list:list": {
    summary: "",
    options: {},
    required: [],
    run: async (actor) => {
      const { listPriceLists } = await import("~/server/services/pricing/list-price-lists");
      return { priceLists: await listPriceLists(actor) };
    },
  },
  "prices:show": {
    summary: "--account <accountId>  (every price the account pays, and where it comes from)",
    options: { account: string },
    required: ["account"],
    run: async (actor, flags) => {
      const { getAccountPrices } = await import("~/server/services/pricing/get-account-prices");
      return getAccountPrices(actor, text(flags, "account") ?? "");
    },
  },
  "routes:set": {
    summary:
      '--service AIRTIME|DATA|CABLE_TV|ELECTRICITY|EDUCATION|BROADBAND --product <id> --routes \'[{"provider":"vtpass","upstreamService":"mtn","commissionBps":300},…]\'  (in order of preference; [] removes them)',
    options: { service: string, product: string, routes: string },
    required: ["service", "product", "routes"],
    run: async (actor, flags) => {
      const { setProductRoutes } = await import("~/server/services/routing/set-product-routes");
      let routes: unknown;
      try {
        routes = JSON.parse(text(flags, "routes") ?? "");
      } catch (error) {
        throw invalidInput([{ name: "routes", reason: `is not JSON: ${(error as Error).message}` }]);
      }
      return setProductRoutes(actor, {
        service: text(flags, "service") as never,
        productCode: text(flags, "product") ?? "",
        routes: routes as never,
      });
    },
  },
  "route:disable": routeSwitch(
    false,
    "--service <service> --product <id> --provider <upstream>  (its orders go to the product's next route)",
  ),
  "route:enable": routeSwitch(true, "--service <service> --product <id> --provider <upstream>"),
  "upstream:disable": {
    summary: "--provider <upstream> [--reason <text>]  (routes naming it take no orders; products without routes are not stopped)",
    options: { provider: string, reason: string },
    required: ["provider"],
    run: async (actor, flags) => {
      const { setUpstreamEnabled } = await import("~/server/services/routing/set-upstream-enabled");
      return setUpstreamEnabled(actor, { provider: text(flags, "provider") ?? "", enabled: false, reason: text(flags, "reason") ?? null });
    },
  },
  "upstream:enable": {
    summary: "--provider <upstream>",
    options: { provider: string },
    required: ["provider"],
    run: async (actor, flags) => {
      const { setUpstreamEnabled } = await import("~/server/services/routing/set-upstream-enabled");
      return setUpstreamEnabled(actor, { provider: text(flags, "provider") ?? "", enabled: true });
    },
  },
  "upstream:set-floor": {
    summary: "--provider <upstream> --floor <kobo>  (with its balance below it, no routed order goes there; 0: no floor)",
    options: { provider: string, floor: string },
    required: ["provider", "floor"],
    run: async (actor, flags) => {
      const { setUpstreamFloor } = await import("~/server/services/routing/set-upstream-floor");
      return setUpstreamFloor(actor, { provider: text(flags, "provider") ?? "", floor: text(flags, "floor") ?? "" });
    },
  },
  "upstream:read-balance": {
    summary: "[--provider <upstream>]  (reads and records our wallet there now, as the balance poll does; all it reads by default)",
    options: { provider: string },
    required: [],
    run: async (actor, flags) => {
      const { readUpstreamBalances } = await import("~/server/services/upstream/read-upstream-balances");
      return readUpstreamBalances(actor, { provider: text(flags, "provider") });
    },
  },
  "upstream:health": {
    summary: "(each upstream's last balance read and floor, success rate and latency over the last hour, open circuits; products off sale)",
    options: {},
    required: [],
    run: async (actor) => {
      const { getUpstreamHealth } = await import("~/server/services/routing/get-upstream-health");
      return getUpstreamHealth(actor);
    },
  },
  "report:margin": {
    summary: "--period YYYY-MM [--account <accountId>]",
    options: { period: string, account: string },
    required: ["period"],
    run: async (actor, flags) => {
      const { getMarginReport } = await import("~/server/services/reports/margin-report");
      return getMarginReport(actor, { period: text(flags, "period") ?? "", accountId: text(flags, "account") });
    },
  },
};
