/**
 * Migrations on an empty database: applied once even when two start-ups race, and the invariants
 * the migration adds by hand (CHECK constraints) are really enforced by PostgreSQL.
 */
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import pg from "pg";
import { useEmptyDatabase } from "~/test/empty-database";
import { applyPendingMigrations } from "./migrate";

const url = useEmptyDatabase("rp_migrate");
/** The migration that drops transactions.next_requery_at and reversal_check_at (the queues are tables since 20261127080608). */
const DROP_QUEUE_COLUMNS = "20261127140002_transactions_queue_columns_drop";
let client: pg.Client;

afterAll(async () => {
  await client?.end();
});

describe("applyPendingMigrations", () => {
  it("applies every migration exactly once when two processes race on an empty database", async () => {
    const expected = readdirSync("prisma/migrations", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const [first, second] = await Promise.all([applyPendingMigrations(url), applyPendingMigrations(url)]);
    // Whichever got the lock first applied everything; the other found nothing pending.
    expect([first, second].map((applied) => applied.length).sort()).toEqual([0, expected.length]);
    expect(await applyPendingMigrations(url)).toEqual([]);

    client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL");
    expect(rows.map((row) => row.migration_name).sort()).toEqual(expected.sort());
  }, 120_000);

  it("creates the tables of the whole contract", async () => {
    const { rows } = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    const tables = rows.map((row) => row.tablename);
    for (const table of [
      "accounts",
      "users",
      "api_keys",
      "allowlist_entries",
      "wallets",
      "ledger_entries",
      "networks",
      "data_plans",
      "account_plan_prices",
      "bill_products",
      "transactions",
      "audit_log",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("enforces the hand-written invariants", async () => {
    const { rows } = await client.query("INSERT INTO accounts (name) VALUES ('x') RETURNING id");
    const accountId = rows[0].id;
    await client.query("INSERT INTO wallets (account_id, balance) VALUES ($1, 0)", [accountId]);
    await expect(client.query("UPDATE wallets SET balance = -1 WHERE account_id = $1", [accountId])).rejects.toThrow(
      /wallets_balance_non_negative/,
    );
    await client.query("INSERT INTO networks (id, name, airtime_min_amount, airtime_max_amount) VALUES ('n', 'N', 100, 200)");
    await expect(
      client.query(
        "INSERT INTO data_plans (id, network_id, name, price, pricing_basis, product_id, validity_days, class) VALUES ('p', 'n', 'P', 100, 'RETAIL', 'x', 30, 'SME')",
      ),
    ).rejects.toThrow(/data_plans_retail_price_required/);
    await expect(
      client.query(
        "INSERT INTO bill_products (id, service, product_id, name, biller, amount_type, price) VALUES ('b', 'ELECTRICITY', 'x', 'B', 'E', 'VARIABLE', 500)",
      ),
    ).rejects.toThrow(/bill_products_amount_shape/);
    await expect(client.query("INSERT INTO users (email, password_hash, role) VALUES ('a@b.c', 'x', 'OWNER')")).rejects.toThrow(
      /users_account_matches_role/,
    );
    // One purchase debit and one reversal per transaction, at most.
    const tx = await client.query(
      "INSERT INTO transactions (account_id, client_reference, service, order_fingerprint, recipient, amount, channel, source_ip) VALUES ($1, 'r', 'DATA', 'f', '0803', 100, 'API', '127.0.0.1') RETURNING id",
      [accountId],
    );
    const insertDebit = () =>
      client.query(
        "INSERT INTO ledger_entries (account_id, kind, amount, balance_after, transaction_id) VALUES ($1, 'PURCHASE', -100, 0, $2)",
        [accountId, tx.rows[0].id],
      );
    await insertDebit();
    await expect(insertDebit()).rejects.toThrow(/duplicate key/);
  });

  it('keeps what was delivered in its shape (docs/integrating.md "What was delivered")', async () => {
    const { rows } = await client.query("INSERT INTO accounts (name) VALUES ('delivered') RETURNING id");
    const transaction = await client.query(
      `INSERT INTO transactions (account_id, client_reference, service, order_fingerprint, recipient, amount, channel, source_ip)
       VALUES ($1, 'pins', 'EDUCATION', 'f', 'c-1', 100, 'API', '127.0.0.1') RETURNING id`,
      [rows[0].id],
    );
    const setPins = (pins: unknown) =>
      client.query("UPDATE transactions SET pins = $2::jsonb WHERE id = $1", [transaction.rows[0].id, JSON.stringify(pins)]);
    await setPins([
      { serial: "WRN123456790", pin: "098765432112" },
      { serial: null, pin: "1" },
    ]);
    for (const bad of [[], {}, [{ serial: "S" }], [{ serial: "S", pin: 42 }], [{ pin: "1" }], [{ serial: "S", pin: "x".repeat(201) }]]) {
      await expect(setPins(bad), JSON.stringify(bad)).rejects.toThrow(/transactions_pins_shape/);
    }
    await expect(setPins(Array.from({ length: 101 }, () => ({ serial: null, pin: "1" })))).rejects.toThrow(/transactions_pins_shape/);
    await expect(
      client.query("UPDATE transactions SET units = $2 WHERE id = $1", [transaction.rows[0].id, "k".repeat(101)]),
    ).rejects.toThrow(/transactions_delivered_text_length/);
  });

  it('keeps test mode\'s rows out of the live world (docs/architecture.md "Test mode in the database")', async () => {
    const { rows } = await client.query("INSERT INTO accounts (name) VALUES ('modes') RETURNING id");
    const accountId = rows[0].id;
    await client.query("INSERT INTO wallets (account_id, livemode, balance) VALUES ($1, true, 0), ($1, false, 0)", [accountId]);
    // A key's prefix says its mode.
    await expect(
      client.query("INSERT INTO api_keys (account_id, name, prefix, livemode, key_hash) VALUES ($1, 'k', 'pk_live_', false, 'h1')", [
        accountId,
      ]),
    ).rejects.toThrow(/api_keys_prefix_matches_mode/);
    const testKey = await client.query(
      "INSERT INTO api_keys (account_id, name, prefix, livemode, key_hash) VALUES ($1, 'k', 'pk_test_', false, 'h2') RETURNING id",
      [accountId],
    );
    const insertTransaction = (livemode: boolean, apiKeyId: string | null, reference = "same-ref") =>
      client.query(
        `INSERT INTO transactions (account_id, livemode, client_reference, service, order_fingerprint, recipient, amount, channel, api_key_id, source_ip)
         VALUES ($1, $2, $3, 'DATA', 'f', '0803', 100, 'API', $4, '127.0.0.1') RETURNING id`,
        [accountId, livemode, reference, apiKeyId],
      );
    // A test key cannot make a live transaction.
    await expect(insertTransaction(true, testKey.rows[0].id)).rejects.toThrow(/transactions_api_key_id_livemode_fkey/);
    // One reference per mode: once live and once in test is allowed, twice in one mode is not.
    const testTransaction = await insertTransaction(false, testKey.rows[0].id);
    const liveTransaction = await insertTransaction(true, null);
    await expect(insertTransaction(false, null)).rejects.toThrow(/transactions_account_id_livemode_client_reference_key/);
    // A test transaction's money moves only the test wallet's ledger, and a live one's only the live ledger.
    const insertDebit = (livemode: boolean, transactionId: string) =>
      client.query(
        "INSERT INTO ledger_entries (account_id, livemode, kind, amount, balance_after, transaction_id) VALUES ($1, $2, 'PURCHASE', -100, 0, $3)",
        [accountId, livemode, transactionId],
      );
    await expect(insertDebit(true, testTransaction.rows[0].id)).rejects.toThrow(/ledger_entries_transaction_id_livemode_fkey/);
    await expect(insertDebit(false, liveTransaction.rows[0].id)).rejects.toThrow(/ledger_entries_transaction_id_livemode_fkey/);
    await insertDebit(false, testTransaction.rows[0].id);
    // Nothing changes world afterwards.
    await expect(client.query("UPDATE transactions SET livemode = true WHERE id = $1", [testTransaction.rows[0].id])).rejects.toThrow(
      /livemode cannot change/,
    );
    await expect(client.query("UPDATE ledger_entries SET livemode = true WHERE account_id = $1", [accountId])).rejects.toThrow(
      /livemode cannot change/,
    );
  });

  it('drops the queues\' old columns of transactions, which nothing reads or writes (docs/architecture.md "Why the queues are tables")', async () => {
    const columns = await transactionColumns();
    expect(columns).toContain("status");
    expect(columns).not.toContain("next_requery_at");
    expect(columns).not.toContain("reversal_check_at");
  });

  it('moves what the previous release wrote into the queues and gives old purchases their vend attempt (docs/architecture.md "Why the queues are tables")', async () => {
    const { rows } = await client.query("INSERT INTO accounts (name) VALUES ('before-queues') RETURNING id");
    const accountId = rows[0].id;
    // The queues' times were columns of transactions then (DROP_QUEUE_COLUMNS has dropped them since).
    await client.query("ALTER TABLE transactions ADD COLUMN next_requery_at timestamptz(3), ADD COLUMN reversal_check_at timestamptz(3)");
    // Rows as the previous release's functions left them: no queue rows, the queues' times on transactions,
    // no vend attempts (purchases made before they were recorded).
    const insert = async (
      reference: string,
      status: string,
      extra: { livemode?: boolean; providerReference?: string; reversalCheck?: boolean } = {},
    ) =>
      (
        await client.query(
          `INSERT INTO transactions (account_id, livemode, client_reference, service, status, order_fingerprint, recipient, amount, channel,
                                     source_ip, provider_reference, next_requery_at, reversal_check_at, completed_at)
           VALUES ($1, $2, $3, 'DATA', $4::"TransactionStatus", 'f', '0803', 100, 'API', '127.0.0.1', $5,
                   CASE WHEN $4::"TransactionStatus" = 'PENDING' THEN now() + interval '1 minute' END,
                   CASE WHEN $6::boolean THEN now() + interval '1 hour' END, CASE WHEN $4::"TransactionStatus" <> 'PENDING' THEN now() END)
           RETURNING id, upstream_request_id`,
          [accountId, extra.livemode ?? true, reference, status, extra.providerReference ?? null, extra.reversalCheck ?? false],
        )
      ).rows[0] as { id: string; upstream_request_id: string };
    const pending = await insert("pending", "PENDING");
    const delivered = await insert("delivered", "SUCCESSFUL", { providerReference: "VT-1", reversalCheck: true });
    const played = await insert("played", "SUCCESSFUL", { livemode: false, providerReference: "SBX-1" });
    const refused = await insert("refused", "FAILED");
    // A queue row the old settle_purchase left behind (it never deleted one).
    await client.query("INSERT INTO purchase_requeries (transaction_id, next_requery_at) VALUES ($1, now())", [refused.id]);

    const migration = (name: string) => readFileSync(`prisma/migrations/${name}/migration.sql`, "utf8");
    await client.query(migration("20261127080609_hot_settlement_queues_catch_up"));
    await client.query(migration("20261127080613_vend_attempts_backfill"));
    await client.query(migration("20261127080614_vend_attempts_backfill_run"));
    await client.query(migration("20261127080615_vend_attempts_backfill_complete"));

    const ids = [pending.id, delivered.id, played.id, refused.id];
    const queued = await client.query("SELECT transaction_id FROM purchase_requeries WHERE transaction_id = ANY ($1)", [ids]);
    expect(queued.rows.map((row) => row.transaction_id)).toEqual([pending.id]);
    const watched = await client.query("SELECT transaction_id FROM reversal_checks WHERE transaction_id = ANY ($1)", [ids]);
    expect(watched.rows.map((row) => row.transaction_id)).toEqual([delivered.id]);
    const attempts = await client.query(
      `SELECT transaction_id, attempt_number, provider, upstream_request_id, status, provider_reference FROM vend_attempts
       WHERE transaction_id = ANY ($1) ORDER BY provider_reference NULLS FIRST`,
      [ids],
    );
    expect(attempts.rows).toEqual([
      {
        transaction_id: pending.id,
        attempt_number: 1,
        provider: "unrecorded",
        upstream_request_id: pending.upstream_request_id,
        status: "PENDING",
        provider_reference: null,
      },
      {
        transaction_id: played.id,
        attempt_number: 1,
        provider: "sandbox",
        upstream_request_id: played.upstream_request_id,
        status: "DELIVERED",
        provider_reference: "SBX-1",
      },
      {
        transaction_id: delivered.id,
        attempt_number: 1,
        provider: "unrecorded",
        upstream_request_id: delivered.upstream_request_id,
        status: "DELIVERED",
        provider_reference: "VT-1",
      },
    ]);
    // Run again (an interrupted deploy), it adds nothing.
    await client.query(migration("20261127080613_vend_attempts_backfill"));
    await client.query(migration("20261127080614_vend_attempts_backfill_run"));
    await client.query(migration("20261127080615_vend_attempts_backfill_complete"));
    expect((await client.query("SELECT count(*)::int AS n FROM vend_attempts WHERE transaction_id = ANY ($1)", [ids])).rows[0].n).toBe(3);

    // Then the columns go, with what they held already in the queues.
    await client.query(migration(DROP_QUEUE_COLUMNS));
    const columns = await transactionColumns();
    expect(columns).not.toContain("next_requery_at");
    expect(columns).not.toContain("reversal_check_at");
    expect((await client.query("SELECT count(*)::int AS n FROM transactions WHERE id = ANY ($1)", [ids])).rows[0].n).toBe(4);
  });
});

async function transactionColumns(): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'transactions'",
  );
  return rows.map((row) => row.column_name);
}
