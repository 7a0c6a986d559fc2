/**
 * The volume scenario's data (docs/performance.md "Performance at volume"): accounts with their wallets, owners,
 * staff, API keys and loopback allowlists, then transactions with their ledger entries over 12 Lagos
 * months, bulk-loaded with PostgreSQL's COPY FROM STDIN (pg-copy-streams), never through the API.
 *
 * The rows are what the purchase functions would have written (prisma/sql/purchases: insert_purchase,
 * settle_purchase): a PURCHASE debit per transaction with the balance after it, a REVERSAL for each
 * failed one, fundings when a wallet runs low, `cost` from the sandbox catalog, the order fingerprint
 * as the service computes it, an upstream request id, provider references and tokens. Wallets end at
 * their ledger's sum, so `ledger:check` passes. The mix: mostly successful data, then airtime and
 * bills; about 4 % failed; a few pending (the last minutes, not yet due for a requery); 85 % through the
 * API, the rest in the portal by the account's owner or staff. Volume grows through the year (the last
 * month has about twice the first's), as a growing reseller's would. Beside them, test mode's: each
 * account's test key and test wallet, and test-mode data purchases with their ledger entries, kept for
 * the whole year (docs/performance.md "Performance at volume" says what share and why).
 *
 * Each purchase also has what insert_purchase and its settlement write beside it: a pending one its row
 * in the reconciler's queue, one with a provider reference the vend attempt that holds it (the portal's
 * reference search reads the attempts).
 *
 * Generated in time order from a seeded PRNG, so ledger ids follow time and a run is repeatable. The
 * secondary indexes of transactions, ledger_entries and vend_attempts are dropped before a large load
 * and built again after it (faster than maintaining them row by row), then the tables are vacuumed and analysed:
 * a database that has been live for a year has long been vacuumed by autovacuum.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import bcrypt from "bcryptjs";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import sandbox from "../../prisma/catalogs/sandbox.json" with { type: "json" };
import { lagosMonthStart as lagosCalendarMonthStart, lagosWallClock } from "~/lagos-time";

export interface VolumeSize {
  transactions: number;
  accounts: number;
  /** Transactions of the one big account (account 0). */
  bigAccount: number;
  /**
   * Test-mode transactions (docs/architecture.md "Test mode in the database") over the same 12 months,
   * spread over the accounts as the live ones are (the big account has its share): what test mode's
   * migrations and prune meet at size, and what every live read must pass over.
   */
  testTransactions: number;
}

export interface LoadedVolume {
  accountId: string;
  apiKey: string;
  ownerEmail: string;
  ownerPassword: string;
  /** Live transactions and ledger entries. */
  transactions: number;
  ledgerEntries: number;
  /** Test mode's, beside them. */
  testTransactions: number;
  testLedgerEntries: number;
  seconds: { copy: number; indexes: number; vacuumAnalyze: number; total: number };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** One password for every generated user (the benchmark signs in as the big account's owner). */
export const VOLUME_PASSWORD = "volume-benchmark-password";
/** The operator's two-factor secret (operators must sign in with a second factor: docs/security.md). */
export const VOLUME_OPERATOR_TOTP_SECRET = "VOLUMEOPERATORTOTPSECRETFORBENCH";
const MONTHS = 12;

/** A key's secret as create-api-key.ts makes one (base62, from crypto bytes). */
function base62(length: number): string {
  let text = "";
  while (text.length < length) for (const byte of randomBytes(length)) if (byte < 248 && text.length < length) text += BASE62[byte % 62];
  return text;
}

/** mulberry32: a small seeded PRNG, so the same sizes give the same data. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The daily totals of the transactions matching `where` (SQL over `transactions`), counted as the
 * triggers of prisma/sql/daily-totals count them: the loader's count of the live ones, and the volume
 * scenario's recounts to compare account_daily_totals with.
 */
export const countedDailyTotals = (where: string) => `
  SELECT account_id, (created_at AT TIME ZONE 'Africa/Lagos')::date AS day, service, count(*)::bigint AS purchases,
         count(*) FILTER (WHERE status = 'FAILED')::bigint AS failed, COALESCE(sum(amount) FILTER (WHERE status <> 'FAILED'), 0)::bigint AS spend
  FROM transactions WHERE ${where} GROUP BY 1, 2, 3`;

/** Rows of account_daily_totals that differ from a recount of the transactions matching `where` (rows of zeros aside). */
export async function dailyTotalsDiffering(client: pg.Client, where: string): Promise<number> {
  const { rows } = await client.query<{ differing: string }>(`
    WITH kept AS (
      SELECT account_id, day, service, purchases::bigint, failed::bigint, spend FROM account_daily_totals
      WHERE purchases <> 0 OR failed <> 0 OR spend <> 0
    ), counted AS (${countedDailyTotals(where)})
    SELECT count(*) AS differing FROM ((SELECT * FROM kept EXCEPT SELECT * FROM counted) UNION ALL (SELECT * FROM counted EXCEPT SELECT * FROM kept)) d`);
  return Number(rows[0]!.differing);
}

/** The first instant of the Lagos month `monthsBack` months before the one `now` is in. */
export function lagosMonthStart(now: Date, monthsBack: number): Date {
  const local = lagosWallClock(now);
  return lagosCalendarMonthStart(local.getUTCFullYear(), local.getUTCMonth() - monthsBack);
}

function lagosStamp(instant: Date): string {
  return lagosWallClock(instant).toISOString().replace(/\D/g, "").slice(0, 12);
}

type Row = (string | number | bigint | null)[];
/** COPY's text format: tab-separated, \N for null. Nothing generated here holds a tab, newline or backslash. */
const line = (row: Row) => `${row.map((value) => (value === null ? "\\N" : String(value))).join("\t")}\n`;

async function copyRows(client: pg.Client, table: string, columns: string[], rows: AsyncIterable<string> | Iterable<string>) {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
  await pipeline(Readable.from(rows), stream);
}

const PHONE_PREFIXES = [
  "0803",
  "0806",
  "0813",
  "0816",
  "0810",
  "0814",
  "0903",
  "0906",
  "0703",
  "0706",
  "0802",
  "0808",
  "0812",
  "0701",
  "0902",
  "0901",
  "0805",
  "0807",
  "0815",
  "0905",
  "0809",
  "0817",
  "0818",
  "0909",
  "0908",
];
const NAMES = [
  "ADEYEMI TUNDE",
  "OKAFOR CHIOMA",
  "BELLO IBRAHIM",
  "EZE NGOZI",
  "MUSA ABDULLAHI",
  "OLAWALE FUNMI",
  "NWOSU EMEKA",
  "ABUBAKAR HAUWA",
];

type Plan = (typeof sandbox.plans)[number];
type BillProduct = (typeof sandbox.billProducts)[number];
const networks = new Map(sandbox.networks.map((network) => [network.id, network]));
const billsOf = (service: string) => sandbox.billProducts.filter((product) => product.service === service);
const BILLS = {
  CABLE_TV: billsOf("CABLE_TV"),
  ELECTRICITY: billsOf("ELECTRICITY"),
  EDUCATION: billsOf("EDUCATION"),
  BROADBAND: billsOf("BROADBAND"),
};
const AIRTIME_AMOUNTS = [10_000, 20_000, 50_000, 100_000, 150_000, 200_000, 500_000];
const ELECTRICITY_AMOUNTS = [100_000, 200_000, 300_000, 500_000, 1_000_000, 2_000_000];

function fingerprint(service: string, productCode: string, recipient: string, amount: number | null): string {
  // order-fingerprint.ts: the same canonical JSON, hashed the same way.
  const canonical = JSON.stringify([service, productCode, recipient, amount === null ? null : String(amount)]);
  return createHash("sha256").update(canonical).digest("hex");
}

interface AccountState {
  id: string;
  code: string;
  apiKeyId: string;
  testApiKeyId: string;
  testBalance: number;
  testSequence: number;
  userIds: [string, string];
  sourceIps: string[];
  balance: number;
  sequence: number;
  fundings: number;
}

/**
 * Loads the data into an empty database (migrated, sandbox catalog in place). `now` ends the 12
 * months; the last transactions are a few minutes before it.
 */
export async function loadVolume(databaseUrl: string, size: VolumeSize, now: Date, log: (message: string) => void): Promise<LoadedVolume> {
  if (size.accounts < 1 || size.bigAccount > size.transactions || (size.accounts === 1 && size.bigAccount !== size.transactions)) {
    throw new Error(`volume sizes do not add up: ${JSON.stringify(size)}`);
  }
  const started = performance.now();
  const random = prng(20_261_124);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const digits = (count: number) => {
    let text = "";
    for (let index = 0; index < count; index += 1) text += Math.floor(random() * 10);
    return text;
  };
  const fromAlphabet = (alphabet: string, count: number) => {
    let text = "";
    for (let index = 0; index < count; index += 1) text += alphabet[Math.floor(random() * alphabet.length)];
    return text;
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // Bulk load: no per-commit flush, a big sort memory for index builds, and no triggers or foreign-key
    // checks row by row (the rows are made consistent here; superuser only, as the embedded cluster is).
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '1GB'; SET session_replication_role = replica");
    return client;
  };
  const main = await connect();
  const ledgerClient = await connect();
  try {
    const start = lagosMonthStart(now, MONTHS - 1);
    const end = new Date(now.getTime() - 5 * 60_000);
    const accountsCreated = new Date(start.getTime() - 14 * 86_400_000);
    const passwordHash = await bcrypt.hash(VOLUME_PASSWORD, 10);

    // Accounts, with what a reseller has: owner and staff, an API key, loopback on the allowlist.
    const accounts: AccountState[] = [];
    let bigApiKey = "";
    for (let index = 0; index < size.accounts; index += 1) {
      accounts.push({
        id: randomUUID(),
        code: `R${String(index + 1).padStart(4, "0")}`,
        apiKeyId: randomUUID(),
        testApiKeyId: randomUUID(),
        testBalance: 0,
        testSequence: 0,
        userIds: [randomUUID(), randomUUID()],
        sourceIps: Array.from(
          { length: 1 + (index % 3) },
          () => `${pick(["102.89", "197.210", "105.112", "41.58"])}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
        ),
        balance: 0,
        sequence: 0,
        fundings: 0,
      });
    }
    const iso = (instant: Date) => instant.toISOString();
    await copyRows(
      main,
      "accounts",
      ["id", "name", "created_at", "updated_at"],
      accounts.map((account, index) =>
        line([
          account.id,
          index === 0 ? "Volume Big Reseller" : `Volume Reseller ${account.code}`,
          iso(accountsCreated),
          iso(accountsCreated),
        ]),
      ),
    );
    await copyRows(
      main,
      "users",
      ["id", "email", "name", "password_hash", "role", "account_id", "created_at", "totp_secret", "totp_enabled_at"],
      accounts
        .flatMap((account) => [
          line([
            account.userIds[0],
            `owner-${account.code.toLowerCase()}@volume.example`,
            `Owner ${account.code}`,
            passwordHash,
            "OWNER",
            account.id,
            iso(accountsCreated),
            null,
            null,
          ]),
          line([
            account.userIds[1],
            `staff-${account.code.toLowerCase()}@volume.example`,
            `Staff ${account.code}`,
            passwordHash,
            "STAFF",
            account.id,
            iso(accountsCreated),
            null,
            null,
          ]),
        ])
        .concat(
          line([
            randomUUID(),
            "operator@volume.example",
            "Volume Operator",
            passwordHash,
            "OPERATOR",
            null,
            iso(accountsCreated),
            VOLUME_OPERATOR_TOTP_SECRET,
            iso(accountsCreated),
          ]),
        ),
    );
    await copyRows(
      main,
      "api_keys",
      ["id", "account_id", "name", "prefix", "last_four", "key_hash", "livemode", "created_at"],
      accounts.flatMap((account, index) => {
        const apiKey = `pk_live_${base62(40)}`;
        if (index === 0) bigApiKey = apiKey;
        const testKey = `pk_test_${base62(40)}`;
        const keyRow = (id: string, name: string, key: string, livemode: boolean) =>
          line([
            id,
            account.id,
            name,
            key.slice(0, 8),
            key.slice(-4),
            createHash("sha256").update(key, "utf8").digest("hex"),
            String(livemode),
            iso(accountsCreated),
          ]);
        return [keyRow(account.apiKeyId, "production", apiKey, true), keyRow(account.testApiKeyId, "integration tests", testKey, false)];
      }),
    );
    await copyRows(
      main,
      "allowlist_entries",
      ["account_id", "cidr", "created_at"],
      accounts.map((account) => line([account.id, "127.0.0.0/8", iso(accountsCreated)])),
    );

    // A large load builds the secondary indexes afterwards; a small one keeps them (nothing to gain).
    const dropIndexes = size.transactions >= 100_000;
    const { rows: indexes } = await main.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
       WHERE i.schemaname = 'public' AND i.tablename IN ('transactions', 'ledger_entries', 'vend_attempts') AND NOT x.indisprimary`,
    );
    // A foreign key that refers to one of these indexes (test mode's (id, livemode) on transactions, see
    // migration 20261124120300) would keep it from being dropped: it is dropped first and added back
    // once the index is built again, which checks every row as a load with the key in place would have.
    const { rows: foreignKeys } = await main.query<{ table: string; name: string; definition: string }>(
      `SELECT k.conrelid::regclass::text AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conindid
       WHERE k.contype = 'f' AND c.relname = ANY($1)`,
      [indexes.map((index) => index.name)],
    );
    if (dropIndexes) {
      for (const key of foreignKeys) await main.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`);
      for (const index of indexes) await main.query(`DROP INDEX "${index.name}"`);
    }

    const plans: Plan[] = sandbox.plans;
    const span = end.getTime() - start.getTime();
    const growth = 1; // density grows linearly from 1 to 1 + growth over the year
    let ledgerId = 0;
    let transactionsWritten = 0;
    let ledgerWritten = 0;
    const ledgerLines: string[] = [];
    const small = size.accounts - 1;

    /** Transactions (and, into ledgerLines, their ledger entries) in chunks of text for COPY. */
    function* transactionChunks(): Generator<string> {
      let chunk = "";
      let bigSoFar = 0;
      for (let index = 0; index < size.transactions; index += 1) {
        // Stratified uniform through the inverse of the growing density: increasing in `index`.
        const u = (index + random()) / size.transactions;
        const x = (-1 + Math.sqrt(1 + 2 * growth * u * (1 + growth / 2))) / growth;
        const createdAt = new Date(start.getTime() + Math.floor(x * span));
        const isBig = Math.floor(((index + 1) * size.bigAccount) / size.transactions) > bigSoFar;
        if (isBig) bigSoFar += 1;
        const account = isBig || small === 0 ? accounts[0]! : accounts[1 + Math.floor(random() * small)]!;

        const roll = random();
        let service: string;
        let planId: string | null = null;
        let networkId: string | null = null;
        let productName: string;
        let recipient: string;
        let customerName: string | null = null;
        let amount: number;
        let cost: number | null;
        let productCode: string;
        let fingerprintAmount: number | null = null;
        if (roll < 0.62) {
          const plan = pick(plans);
          service = "DATA";
          planId = plan.id;
          networkId = plan.networkId;
          productName = plan.name;
          recipient = pick(PHONE_PREFIXES) + digits(7);
          amount = plan.price;
          cost = plan.costPrice;
          productCode = plan.id;
        } else if (roll < 0.87) {
          const network = pick(sandbox.networks);
          service = "AIRTIME";
          networkId = network.id;
          productName = `${networks.get(network.id)!.name} Airtime`;
          recipient = pick(PHONE_PREFIXES) + digits(7);
          amount = pick(AIRTIME_AMOUNTS);
          cost = amount - Math.floor((amount * (network.airtimeCommissionBps ?? 0)) / 10_000);
          productCode = network.id;
          fingerprintAmount = amount;
        } else {
          service = roll < 0.93 ? "CABLE_TV" : roll < 0.98 ? "ELECTRICITY" : roll < 0.99 ? "EDUCATION" : "BROADBAND";
          const product: BillProduct = pick(BILLS[service as keyof typeof BILLS]);
          planId = product.id;
          productName = product.name;
          productCode = product.id;
          if (product.amountType === "VARIABLE") {
            amount = pick(ELECTRICITY_AMOUNTS);
            cost = amount - Math.floor((amount * (product.commissionBps ?? 0)) / 10_000);
            fingerprintAmount = amount;
          } else {
            amount = product.price!;
            cost = product.costPrice;
          }
          recipient =
            service === "EDUCATION" ? pick(PHONE_PREFIXES) + digits(7) : service === "ELECTRICITY" ? `45${digits(9)}` : `7${digits(9)}`;
          customerName = service === "EDUCATION" ? null : pick(NAMES);
        }

        const minutesAgo = (end.getTime() - createdAt.getTime()) / 60_000;
        const outcome = random();
        const status = minutesAgo < 30 && outcome < 0.05 ? "PENDING" : outcome < 0.04 ? "FAILED" : "SUCCESSFUL";
        const completedAt = status === "PENDING" ? null : new Date(createdAt.getTime() + 300 + Math.floor(random() * 2500));
        const api = random() < 0.85;
        account.sequence += 1;
        const reference =
          account === accounts[0]
            ? `ORD${String(account.sequence).padStart(9, "0")}`
            : account.sequence % 4 === 0
              ? randomUUID()
              : `${account.code}-${lagosStamp(createdAt).slice(0, 8)}-${String(account.sequence).padStart(7, "0")}`;

        // The wallet: topped up (an operator's funding, just before) whenever it could not pay.
        if (account.balance < amount) {
          const topUp = Math.max(amount, 50_000_000 * (isBig ? 200 : 1));
          account.balance += topUp;
          account.fundings += 1;
          ledgerId += 1;
          ledgerLines.push(
            line([
              ledgerId,
              account.id,
              "FUNDING",
              topUp,
              account.balance,
              null,
              `FND-${account.code}-${account.fundings}`,
              null,
              "Bank transfer",
              iso(new Date(createdAt.getTime() - 1000)),
            ]),
          );
        }
        const transactionId = randomUUID();
        const userId = api ? null : account.userIds[account.sequence % 2]!;
        account.balance -= amount;
        ledgerId += 1;
        ledgerLines.push(
          line([ledgerId, account.id, "PURCHASE", -amount, account.balance, transactionId, null, userId, null, iso(createdAt)]),
        );
        if (status === "FAILED") {
          account.balance += amount;
          ledgerId += 1;
          ledgerLines.push(
            line([ledgerId, account.id, "REVERSAL", amount, account.balance, transactionId, null, null, null, iso(completedAt!)]),
          );
        }
        const token = status !== "SUCCESSFUL" ? null : service === "ELECTRICITY" ? digits(20) : service === "EDUCATION" ? digits(12) : null;
        chunk += line([
          transactionId,
          account.id,
          reference,
          service,
          status,
          fingerprint(service, productCode, recipient, fingerprintAmount),
          planId,
          networkId,
          productName,
          recipient,
          customerName,
          amount,
          cost,
          token,
          status === "PENDING" ? null : fromAlphabet(REFERENCE_ALPHABET, 20),
          status === "FAILED" ? "The provider declined the order." : null,
          lagosStamp(createdAt) + randomBytes(16).toString("hex"),
          api ? "API" : "PORTAL",
          api ? account.apiKeyId : null,
          userId,
          api
            ? pick(account.sourceIps)
            : `${pick(["102.88", "197.211", "129.205"])}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
          iso(createdAt),
          iso(completedAt ?? createdAt),
          completedAt ? iso(completedAt) : null,
        ]);
        transactionsWritten += 1;
        if (chunk.length > 256 * 1024) {
          yield chunk;
          chunk = "";
        }
        if (transactionsWritten % 1_000_000 === 0) log(`volume: ${transactionsWritten} transactions generated`);
      }
      if (chunk) yield chunk;
    }

    // Ledger entries go through their own connection as they are generated, so both COPYs run at once.
    let ledgerDone = false;
    let wakeLedger: (() => void) | null = null;
    async function* ledgerChunks(): AsyncGenerator<string> {
      for (;;) {
        if (ledgerLines.length > 0) {
          const text = ledgerLines.join("");
          ledgerWritten += ledgerLines.length;
          ledgerLines.length = 0;
          yield text;
        } else if (ledgerDone) {
          return;
        } else {
          await new Promise<void>((resolve) => (wakeLedger = resolve));
        }
      }
    }
    const transactionSource = transactionChunks();
    async function* transactionsPacing(): AsyncGenerator<string> {
      for (const chunk of transactionSource) {
        yield chunk;
        wakeLedger?.();
        wakeLedger = null;
        // Let the ledger stream drain before generating far ahead of it.
        while (ledgerLines.length > 20_000) await new Promise((resolve) => setImmediate(resolve));
      }
      ledgerDone = true;
      wakeLedger?.();
    }
    const copyStarted = performance.now();
    await Promise.all([
      copyRows(
        main,
        "transactions",
        [
          "id",
          "account_id",
          "client_reference",
          "service",
          "status",
          "order_fingerprint",
          "plan_id",
          "network_id",
          "product_name",
          "recipient",
          "customer_name",
          "amount",
          "cost",
          "token",
          "provider_reference",
          "failure_reason",
          "upstream_request_id",
          "channel",
          "api_key_id",
          "user_id",
          "source_ip",
          "created_at",
          "updated_at",
          "completed_at",
        ],
        transactionsPacing(),
      ),
      copyRows(
        ledgerClient,
        "ledger_entries",
        ["id", "account_id", "kind", "amount", "balance_after", "transaction_id", "funding_reference", "user_id", "note", "created_at"],
        ledgerChunks(),
      ),
    ]);

    // Test mode: each account's test wallet, set to a play balance when the account was created and
    // set again whenever a purchase finds it short (set_test_wallet_balance's ADJUSTMENT entries), and
    // test purchases over the same months, through the account's test key.
    let testTransactionsWritten = 0;
    const testLedger: string[] = [];
    const TEST_BALANCE = 100_000_000;
    const testLedgerLine = (
      account: AccountState,
      kind: string,
      amount: number,
      transactionId: string | null,
      note: string | null,
      at: Date,
    ) => {
      ledgerId += 1;
      testLedger.push(line([ledgerId, account.id, kind, amount, account.testBalance, transactionId, note, "false", iso(at)]));
    };
    for (const account of accounts) {
      account.testBalance = TEST_BALANCE;
      testLedgerLine(account, "ADJUSTMENT", TEST_BALANCE, null, "test balance set", accountsCreated);
    }
    function* testTransactionChunks(): Generator<string> {
      let chunk = "";
      for (let index = 0; index < size.testTransactions; index += 1) {
        const createdAt = new Date(start.getTime() + Math.floor(((index + random()) / size.testTransactions) * span));
        const account =
          small === 0 || random() < size.bigAccount / size.transactions ? accounts[0]! : accounts[1 + Math.floor(random() * small)]!;
        const plan = pick(plans);
        const recipient = pick(PHONE_PREFIXES) + digits(7);
        const failed = random() < 0.04;
        const completedAt = new Date(createdAt.getTime() + 300 + Math.floor(random() * 2500));
        if (account.testBalance < plan.price) {
          const topUp = TEST_BALANCE - account.testBalance;
          account.testBalance = TEST_BALANCE;
          testLedgerLine(account, "ADJUSTMENT", topUp, null, "test balance set", new Date(createdAt.getTime() - 1000));
        }
        const transactionId = randomUUID();
        account.testBalance -= plan.price;
        testLedgerLine(account, "PURCHASE", -plan.price, transactionId, null, createdAt);
        if (failed) {
          account.testBalance += plan.price;
          testLedgerLine(account, "REVERSAL", plan.price, transactionId, null, completedAt);
        }
        account.testSequence += 1;
        chunk += line([
          transactionId,
          account.id,
          `TEST-${account.code}-${String(account.testSequence).padStart(7, "0")}`,
          "DATA",
          failed ? "FAILED" : "SUCCESSFUL",
          fingerprint("DATA", plan.id, recipient, null),
          plan.id,
          plan.networkId,
          plan.name,
          recipient,
          plan.price,
          plan.costPrice,
          `SBX-${fromAlphabet(REFERENCE_ALPHABET, 16)}`,
          failed ? "The provider declined the order." : null,
          lagosStamp(createdAt) + randomBytes(16).toString("hex"),
          "API",
          account.testApiKeyId,
          pick(account.sourceIps),
          "false",
          iso(createdAt),
          iso(completedAt),
          iso(completedAt),
        ]);
        testTransactionsWritten += 1;
        if (chunk.length > 256 * 1024) {
          yield chunk;
          chunk = "";
        }
      }
      if (chunk) yield chunk;
    }
    await copyRows(
      main,
      "transactions",
      [
        "id",
        "account_id",
        "client_reference",
        "service",
        "status",
        "order_fingerprint",
        "plan_id",
        "network_id",
        "product_name",
        "recipient",
        "amount",
        "cost",
        "provider_reference",
        "failure_reason",
        "upstream_request_id",
        "channel",
        "api_key_id",
        "source_ip",
        "livemode",
        "created_at",
        "updated_at",
        "completed_at",
      ],
      testTransactionChunks(),
    );
    // Every test transaction is generated before its ledger entries are sent (the test ledger is a tenth
    // of the live one's size by default), in chunks as the live ones are, not a write per line.
    function* testLedgerChunks(): Generator<string> {
      for (let from = 0; from < testLedger.length; from += 4096) yield testLedger.slice(from, from + 4096).join("");
    }
    await copyRows(
      ledgerClient,
      "ledger_entries",
      ["id", "account_id", "kind", "amount", "balance_after", "transaction_id", "note", "livemode", "created_at"],
      testLedgerChunks(),
    );
    const testLedgerEntries = testLedger.length;
    // What insert_purchase and the settlements write beside each purchase (docs/architecture.md "Why the
    // queues are tables"): the reconciler's queue row of a pending one, and the vend attempt that holds a
    // provider reference, which the portal's reference search reads. Derived from the copied rows, before
    // the indexes are built again.
    await main.query(
      `INSERT INTO purchase_requeries (transaction_id, next_requery_at)
       SELECT id, now() + interval '1 day' FROM transactions WHERE status = 'PENDING'`,
    );
    await main.query(
      `INSERT INTO vend_attempts (transaction_id, attempt_number, provider, upstream_request_id, cost, status, provider_reference,
                                  created_at, answered_at)
       SELECT id, 1, 'sandbox', upstream_request_id, cost,
              CASE status WHEN 'SUCCESSFUL' THEN 'DELIVERED' WHEN 'FAILED' THEN 'FAILED' ELSE 'PENDING' END::"VendAttemptStatus",
              provider_reference, created_at, completed_at
       FROM transactions WHERE provider_reference IS NOT NULL OR status = 'PENDING'`,
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    await main.query(`SELECT setval(pg_get_serial_sequence('ledger_entries', 'id'), $1)`, [Math.max(1, ledgerId)]);
    await copyRows(
      main,
      "wallets",
      ["account_id", "livemode", "balance", "updated_at"],
      accounts.flatMap((account) => [
        line([account.id, "true", account.balance, iso(end)]),
        line([account.id, "false", account.testBalance, iso(end)]),
      ]),
    );
    log(
      `volume: ${transactionsWritten} transactions and ${ledgerWritten} ledger entries, ${testTransactionsWritten} test transactions ` +
        `and ${testLedgerEntries} test ledger entries copied in ${copySeconds.toFixed(1)} s`,
    );

    const indexesStarted = performance.now();
    if (dropIndexes) {
      for (const index of indexes) {
        const indexStarted = performance.now();
        await main.query(index.definition);
        log(`volume: ${index.name} built in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
      }
      for (const key of foreignKeys) {
        const keyStarted = performance.now();
        await main.query(`ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.definition}`);
        log(`volume: ${key.name} checked in ${((performance.now() - keyStarted) / 1000).toFixed(1)} s`);
      }
    }
    const indexSeconds = (performance.now() - indexesStarted) / 1000;
    // The daily totals (account_daily_totals) that the triggers would have kept, had they run: COPY ran
    // with them off (session_replication_role), so they are counted once here, as the backfill counts.
    const totalsStarted = performance.now();
    await main.query("SET work_mem = '256MB'");
    await main.query(
      `INSERT INTO account_daily_totals (account_id, day, service, purchases, failed, spend) ${countedDailyTotals("livemode")}`,
    );
    log(`volume: daily totals counted in ${((performance.now() - totalsStarted) / 1000).toFixed(1)} s`);
    const vacuumStarted = performance.now();
    await main.query(
      "VACUUM (ANALYZE) transactions, ledger_entries, account_daily_totals, accounts, wallets, users, api_keys, allowlist_entries, " +
        "purchase_requeries, vend_attempts",
    );
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
    return {
      accountId: accounts[0]!.id,
      apiKey: bigApiKey,
      ownerEmail: `owner-${accounts[0]!.code.toLowerCase()}@volume.example`,
      ownerPassword: VOLUME_PASSWORD,
      transactions: transactionsWritten,
      ledgerEntries: ledgerWritten,
      testTransactions: testTransactionsWritten,
      testLedgerEntries,
      seconds: {
        copy: Math.round(copySeconds * 10) / 10,
        indexes: Math.round(indexSeconds * 10) / 10,
        vacuumAnalyze: Math.round(vacuumSeconds * 10) / 10,
        total: Math.round((performance.now() - started) / 100) / 10,
      },
    };
  } finally {
    await main.end();
    await ledgerClient.end();
  }
}
