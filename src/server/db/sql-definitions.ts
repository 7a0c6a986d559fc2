/**
 * prisma/sql/<area>/<name>.sql holds the current definition of every SQL function, view and trigger:
 * one file per function (with the triggers that call it) or view, written only with CREATE OR REPLACE
 * so that it can be run again. Migrations are history; these files are what a reader opens.
 *
 * Two things keep files and database equal: the drift test (sql-definitions.test.ts) runs each file on
 * a migrated database inside a transaction and fails if anything it defines changes, and
 * `npm run db:new-migration` (src/bin/new-migration.ts) copies every file that would change something
 * into the new migration. Types, tables and indexes stay with prisma/schema.prisma and the migrations.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

export const SQL_DIR = path.resolve("prisma/sql");

export interface SqlFile {
  /** Relative to the repository, e.g. prisma/sql/purchases/settle_purchase.sql. */
  path: string;
  text: string;
}

export function readSqlFiles(dir = SQL_DIR): SqlFile[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({ path: path.relative(process.cwd(), path.join(dir, file)), text: readFileSync(path.join(dir, file), "utf8") }));
}

export type ObjectKind = "function" | "view" | "trigger";

/** The objects a file creates, by kind and name, read from its CREATE OR REPLACE statements. */
export function objectsDefinedIn(text: string): { kind: ObjectKind; name: string }[] {
  const withoutComments = text.replace(/--.*$/gm, "");
  return [...withoutComments.matchAll(/\bCREATE\s+OR\s+REPLACE\s+(FUNCTION|PROCEDURE|VIEW|TRIGGER)\s+"?(\w+)"?/gi)].map((match) => ({
    kind: match[1]!.toUpperCase() === "VIEW" ? "view" : match[1]!.toUpperCase() === "TRIGGER" ? "trigger" : "function",
    name: match[2]!,
  }));
}

/** A CREATE that is not CREATE OR REPLACE cannot run twice, so it has no place in these files. */
export function plainCreatesIn(text: string): string[] {
  const withoutComments = text.replace(/--.*$/gm, "");
  return [...withoutComments.matchAll(/\bCREATE\s+(?!OR\s+REPLACE\b)(\w+(?:\s+\w+)?)/gi)].map((match) => match[0]);
}

/**
 * Every function (and procedure), view and trigger of the public schema as PostgreSQL prints it, by
 * "kind name": what the database runs, whatever text created it. Objects owned by extensions are not ours.
 */
export async function definitionsIn(client: pg.ClientBase): Promise<Map<string, string>> {
  const { rows } = await client.query<{ key: string; definition: string }>(`
    SELECT 'function ' || p.oid::regprocedure::text AS key, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'view ' || c.relname, pg_get_viewdef(c.oid)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm')
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal`);
  return new Map(rows.map((row) => [row.key, row.definition]));
}

/** The keys of definitionsIn whose definition differs, or that only one side has. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

/**
 * Runs each file on the database inside a transaction that is rolled back, and reports the ones that
 * would change a definition (or fail to run: a file that no longer fits the database differs from it).
 * The database is left as it was.
 */
export async function filesDifferingFrom(
  client: pg.ClientBase,
  files: SqlFile[],
): Promise<{ path: string; changes: string[]; error?: string }[]> {
  const differing: { path: string; changes: string[]; error?: string }[] = [];
  const before = await definitionsIn(client);
  for (const file of files) {
    await client.query("BEGIN");
    try {
      await client.query(file.text);
      const changes = changedKeys(before, await definitionsIn(client));
      if (changes.length > 0) differing.push({ path: file.path, changes });
    } catch (error) {
      differing.push({ path: file.path, changes: [], error: (error as Error).message });
    } finally {
      await client.query("ROLLBACK");
    }
  }
  return differing;
}
