/**
 * Demo data for the two-command start (DESIGN.md §6): the sandbox catalog, a demo operator, a demo
 * reseller account with an owner, a staff user, an allowlist for local clients, ₦50,000 of funding
 * and an API key.
 *
 * Runs at every start, possibly from several processes at once: everything happens in one
 * transaction that first takes an advisory lock, so seeders queue up, and each creates only what is
 * absent. The sandbox catalog is imported only into a database without any catalog, so an operator's
 * edits to it survive the next start. Changes go through the service functions (the catalog through
 * importCatalog), so the demo data is exactly what an operator would have produced, audit entries
 * included.
 *
 * Only API key hashes are stored, so the demo key itself is kept in a git-ignored file and reused
 * while it still names a live key of the demo account.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import type { DbClient } from "~/server/db";
import { createAccount } from "~/server/services/accounts/create-account";
import { addAllowlistEntry } from "~/server/services/allowlist/add-allowlist-entry";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { hashApiKey } from "~/server/services/api-keys/hash-api-key";
import { createUser } from "~/server/services/users/create-user";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { importCatalog } from "~/server/services/catalog/import-catalog";
import { SANDBOX_CATALOG_FILE } from "./catalog";

interface Credentials {
  email: string;
  password: string;
}

/** Documented in the README; demo data only ever lives in local and test databases. */
export const DEMO_OPERATOR: Credentials = { email: "operator@demo.test", password: "demo-operator-2026" };
export const DEMO_OWNER: Credentials = { email: "owner@demo.test", password: "demo-owner-2026" };
export const DEMO_STAFF: Credentials = { email: "staff@demo.test", password: "demo-staff-2026" };

/**
 * The demo operator's two-factor secret, published like the demo passwords (README "Demo data"):
 * operators must use two-factor sign-in, and a newcomer gets the current code from
 * `npm run --silent demo:totp` (or adds the secret to an authenticator app). Only in demo databases.
 */
export const DEMO_OPERATOR_TOTP_SECRET = "DEMOOPERATORTOTPSECRETFORTHEDEMO";

export const DEMO_ACCOUNT_NAME = "Demo Reseller Ltd";
/** After the 2026-07-01 cutoff, so the demo account shows the allowlist rules at work. */
const DEMO_ACCOUNT_CREATED_AT = "2026-07-15";
/** Loopback over IPv4 and IPv6, so requests from the same machine pass the allowlist. */
const DEMO_ALLOWLIST = ["127.0.0.0/8", "::1/128"];
const DEMO_FUNDING_KOBO = 5_000_000n;
/** Also how the demo account is recognised: a funding reference is unique within an account. */
const DEMO_FUNDING_REFERENCE = "demo-initial-funding";
const DEMO_KEY_NAME = "demo";
const DEFAULT_API_KEY_FILE = ".data/demo-api-key";

// Any fixed 64-bit number distinct from the migration lock's; it names the seeding lock.
const SEED_LOCK_KEY = 7_353_220_118n;

const SYSTEM: Actor = { kind: "system" };

export interface DemoData {
  operator: Credentials;
  owner: Credentials;
  staff: Credentials;
  accountId: string;
  apiKey: string;
  /** Whether the demo operator's two-factor secret is still the published one. */
  operatorUsesDemoSecret: boolean;
}

/** The sandbox catalog, unless the database has a catalog already (the sandbox's, edited, or another). */
async function ensureCatalog(tx: DbClient): Promise<void> {
  const [networks, plans, billProducts] = await Promise.all([tx.network.count(), tx.dataPlan.count(), tx.billProduct.count()]);
  if (networks + plans + billProducts === 0) await importCatalog(SYSTEM, SANDBOX_CATALOG_FILE, {}, tx);
}

async function ensureUser(tx: DbClient, credentials: Credentials, role: "OPERATOR" | "OWNER" | "STAFF", accountId?: string) {
  const existing = await tx.user.findUnique({ where: { email: credentials.email }, select: { id: true } });
  if (!existing) await createUser(SYSTEM, { ...credentials, role, accountId }, tx);
}

/**
 * The demo operator signs in with the published secret, set when they have no two-factor sign-in at
 * all (a new database, or one from before it was required); one they set up themselves is kept.
 */
async function ensureDemoOperatorTwoFactor(tx: DbClient): Promise<boolean> {
  await tx.user.updateMany({
    where: { email: DEMO_OPERATOR.email, totpEnabledAt: null },
    data: { totpSecret: DEMO_OPERATOR_TOTP_SECRET, totpEnabledAt: new Date(), totpPendingSecret: null },
  });
  const operator = await tx.user.findUnique({ where: { email: DEMO_OPERATOR.email }, select: { totpSecret: true } });
  return operator?.totpSecret === DEMO_OPERATOR_TOTP_SECRET;
}

async function ensureDemoAccount(tx: DbClient): Promise<string> {
  const existing = await tx.account.findFirst({
    where: { name: DEMO_ACCOUNT_NAME, ledger: { some: { fundingReference: DEMO_FUNDING_REFERENCE } } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  if (existing) return existing.id;

  const { accountId } = await createAccount(SYSTEM, { name: DEMO_ACCOUNT_NAME, createdAt: DEMO_ACCOUNT_CREATED_AT }, tx);
  for (const entry of DEMO_ALLOWLIST) await addAllowlistEntry(SYSTEM, { accountId, entry }, tx);
  await fundWallet(SYSTEM, { accountId, amount: DEMO_FUNDING_KOBO, reference: DEMO_FUNDING_REFERENCE, note: "Demo funding" }, tx);
  return accountId;
}

function readKeyFile(file: string): string | null {
  if (!existsSync(file)) return null;
  const key = readFileSync(file, "utf8").trim();
  return key.length > 0 ? key : null;
}

/** Write-then-rename, so a process reading the file never sees half a key. */
function writeKeyFile(file: string, key: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${key}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

async function ensureDemoApiKey(tx: DbClient, accountId: string, file: string): Promise<string> {
  const saved = readKeyFile(file);
  if (saved) {
    const live = await tx.apiKey.findFirst({ where: { keyHash: hashApiKey(saved), accountId, revokedAt: null }, select: { id: true } });
    if (live) return saved;
  }
  const { apiKey } = await createApiKey(SYSTEM, { accountId, name: DEMO_KEY_NAME }, tx);
  // Written before the transaction commits: if the commit then fails, the next start finds a key
  // that matches nothing and issues a new one, which is the same recovery as a deleted file.
  writeKeyFile(file, apiKey);
  return apiKey;
}

export async function seedDemo(options: { apiKeyFile?: string } = {}): Promise<DemoData> {
  const apiKeyFile = path.resolve(options.apiKeyFile ?? DEFAULT_API_KEY_FILE);
  return db.$transaction(
    async (tx) => {
      // Held until commit: a second seeder waits here, then finds everything in place.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
      await ensureCatalog(tx);
      await ensureUser(tx, DEMO_OPERATOR, "OPERATOR");
      const operatorUsesDemoSecret = await ensureDemoOperatorTwoFactor(tx);
      const accountId = await ensureDemoAccount(tx);
      await ensureUser(tx, DEMO_OWNER, "OWNER", accountId);
      await ensureUser(tx, DEMO_STAFF, "STAFF", accountId);
      const apiKey = await ensureDemoApiKey(tx, accountId, apiKeyFile);
      return { operator: DEMO_OPERATOR, owner: DEMO_OWNER, staff: DEMO_STAFF, accountId, apiKey, operatorUsesDemoSecret };
    },
    // Generous: the time includes waiting for another seeder and hashing three passwords with bcrypt.
    { maxWait: 30_000, timeout: 120_000 },
  );
}

/**
 * What the server prints after seeding: every demo sign-in the README lists, the key and a curl line.
 * Plain text on purpose: the developer reads and copies these. They are the documented demo
 * credentials of a local database (README "Demo data"), never a deployment's secrets.
 */
export function describeDemo(demo: DemoData, baseUrl: string): string {
  const signIns = (
    [
      ["operator", demo.operator],
      ["owner", demo.owner],
      ["staff", demo.staff],
    ] as const
  ).map(([role, user]) => `${role.padEnd(8)} ${user.email} / ${user.password}`);
  return [
    "demo data ready:",
    `  portal   ${baseUrl}/sign-in`,
    ...signIns.map((line) => `           ${line}`),
    demo.operatorUsesDemoSecret
      ? `  2FA      the operator's code: npm run --silent demo:totp   (or add the secret ${DEMO_OPERATOR_TOTP_SECRET} to an authenticator app)`
      : "  2FA      the operator's code comes from the authenticator app it was set up with",
    `  API key  ${demo.apiKey}`,
    `  try it   curl -H 'Authorization: Bearer ${demo.apiKey}' ${baseUrl}/api/v1/balance`,
  ].join("\n");
}
