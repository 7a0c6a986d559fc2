/**
 * The drift test of prisma/sql (sql-definitions.ts): the files and the migrated database define the
 * same functions, views and triggers, the same way. A migration that redefines a function without its
 * file, or a file edited without a migration, fails here.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitionsIn, filesDifferingFrom, objectsDefinedIn, plainCreatesIn, readSqlFiles } from "./sql-definitions";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
const files = readSqlFiles();

beforeAll(async () => {
  await client.connect();
});

afterAll(async () => {
  await client.end();
});

/** "function settle_purchase(uuid,…)" → "function settle_purchase"; "trigger x on t" → "trigger x". */
function kindAndName(key: string): string {
  const [kind, rest] = key.split(" ", 2) as [string, string];
  return `${kind} ${rest.replace(/\(.*$/, "")}`;
}

describe("prisma/sql", () => {
  it("has one file for every function, view and trigger of the migrated database, and nothing else", async () => {
    const inDatabase = [...new Set([...(await definitionsIn(client)).keys()].map(kindAndName))].sort();
    const inFiles = files.flatMap((file) => objectsDefinedIn(file.text).map((object) => `${object.kind} ${object.name}`)).sort();

    // Sorted lists, not sets: an object defined in two files would appear twice.
    expect(inFiles).toEqual(inDatabase);
  });

  it("holds the definitions the migrations made: no file would change the database", async () => {
    expect(await filesDifferingFrom(client, files)).toEqual([]);
  });

  it("can be run again: every CREATE is CREATE OR REPLACE", () => {
    for (const file of files) expect(plainCreatesIn(file.text), file.path).toEqual([]);
  });

  it("finds a file whose function body, trigger or signature differs from the database", async () => {
    const settle = files.find((file) => file.path.endsWith("purchases/settle_purchase.sql"))!;
    const edited = { path: settle.path, text: settle.text.replace("BEGIN\n", "BEGIN\n  -- a change with no migration\n") };
    const catalog = files.find((file) => file.path.endsWith("catalog/bump_catalog_version.sql"))!;
    const retriggered = { path: catalog.path, text: catalog.text.replace("AFTER UPDATE OF on_product_catalog", "AFTER UPDATE") };
    const overload = {
      path: "prisma/sql/purchases/extra.sql",
      text: "CREATE OR REPLACE FUNCTION purchase_cost(p integer) RETURNS integer LANGUAGE sql AS $$ SELECT p $$;",
    };

    const differing = await filesDifferingFrom(client, [edited, retriggered, overload]);

    expect(differing).toEqual([
      { path: edited.path, changes: [expect.stringMatching(/^function settle_purchase\(/)] },
      { path: catalog.path, changes: ["trigger accounts_bump_catalog_version on accounts"] },
      { path: overload.path, changes: ["function purchase_cost(integer)"] },
    ]);
    // Each file ran in a transaction that was rolled back.
    expect(await filesDifferingFrom(client, files)).toEqual([]);
  });
});
