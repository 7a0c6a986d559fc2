/**
 * Runs in each test file's worker before the file is imported: clones the migrated template into a
 * database of the file's own and points DATABASE_URL at it, so `~/server/db` connects there.
 */
import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import pg from "pg";

const adminUrl = inject("adminDatabaseUrl");
const template = inject("templateDatabase");
const database = `rp_test_${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  const { db } = await import("~/server/db");
  await db.$disconnect();
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await cleanup.end();
});
