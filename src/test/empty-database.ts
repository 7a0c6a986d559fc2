/**
 * A database of a test file's own with nothing in it (no migrations, unlike setup-database.ts's clone
 * of the template), for the tests of what happens on an empty database: created on the run's cluster
 * before the file's tests, dropped after them.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** Registers the file's beforeAll/afterAll for an empty database named `${prefix}_<random>`; its URL. */
export function useEmptyDatabase(prefix: string): string {
  const adminUrl = inject("adminDatabaseUrl");
  const database = `${prefix}_${randomBytes(4).toString("hex")}`;
  beforeAll(() => admin(adminUrl, `CREATE DATABASE "${database}"`));
  // After hooks run last-registered first, so a file's own afterAll (closing its client) runs before this.
  afterAll(() => admin(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  return Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
}
