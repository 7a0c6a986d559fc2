/**
 * `npm run db:new-migration -- <name>`: writes the SQL that brings the committed migrations up to
 * prisma/schema.prisma and prisma/sql as a new migration folder: the schema's changes, then every
 * prisma/sql file that differs from what the committed migrations define (sql-definitions.ts). (`prisma migrate dev` cannot finish with the wasm
 * schema engine; `migrate diff` against a shadow database can. See docs/decisions/002-prisma-pinned-to-6-19.md.)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { configuredOrDevelopmentDatabase } from "~/server/db/defaults";
import { applyPendingMigrations } from "~/server/db/migrate";
import { prismaBin, prismaCliEnv } from "~/server/db/prisma-env";
import { filesDifferingFrom, readSqlFiles, type SqlFile } from "~/server/db/sql-definitions";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:new-migration -- <snake_case_name>");
  process.exit(2);
}

const { url, stop } = await configuredOrDevelopmentDatabase();
const diff = spawnSync(
  process.execPath,
  [prismaBin(), "migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { env: prismaCliEnv(url), encoding: "utf8" },
);
if (diff.status !== 0) {
  await stop();
  console.error(diff.stderr || diff.stdout);
  process.exit(1);
}

/** The prisma/sql files that differ from a scratch database migrated to the committed migrations. */
async function changedSqlFiles(serverUrl: string): Promise<SqlFile[]> {
  const scratch = `rp_new_migration_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${scratch}"`);
  const scratchUrl = new URL(serverUrl);
  scratchUrl.pathname = `/${scratch}`;
  try {
    await applyPendingMigrations(scratchUrl.toString());
    const client = new pg.Client({ connectionString: scratchUrl.toString() });
    await client.connect();
    try {
      const files = readSqlFiles();
      const differing = new Set((await filesDifferingFrom(client, files)).map((file) => file.path));
      return files.filter((file) => differing.has(file.path));
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
  }
}

const sqlFiles = await changedSqlFiles(url);
await stop();
/**
 * Prisma's wasm engine does not read back a B-tree index's operator class (text_pattern_ops, declared
 * with `ops: raw(...)` in the schema), so every diff drops and creates those indexes again, identical.
 * Such a pair is not a change: both statements are left out (and on a large table the drop would take
 * the portal's search index away until the rebuild finished).
 */
function withoutIndexRebuilds(script: string): string {
  const blocks = script.split(/\n\s*\n/);
  const dropped = new Set(blocks.map((block) => /^-- DropIndex\nDROP INDEX "([^"]+)";$/.exec(block.trim())?.[1]).filter(Boolean));
  const recreated = new Set(
    blocks.map((block) => /^-- CreateIndex\nCREATE INDEX "([^"]+)" ON .* [a-z_]+_ops\b.*;$/s.exec(block.trim())?.[1]).filter(Boolean),
  );
  const same = (block: string) => {
    const name = /INDEX "([^"]+)"/.exec(block)?.[1];
    return name !== undefined && dropped.has(name) && recreated.has(name) && /^-- (DropIndex|CreateIndex)/.test(block.trim());
  };
  const kept = blocks.filter((block) => !same(block));
  return kept.some((block) => /^\s*[A-Z]/m.test(block.replace(/^--.*$/gm, "")))
    ? `${kept.join("\n\n").trim()}\n`
    : "-- This is an empty migration.";
}

const schemaSql = withoutIndexRebuilds(diff.stdout.slice(diff.stdout.indexOf("--")));
const schemaChanged = !schemaSql.includes("This is an empty migration");
if (!schemaChanged && sqlFiles.length === 0) {
  console.log("schema.prisma and prisma/sql match the migrations: nothing to write");
  process.exit(0);
}
// The schema first: a function may read a column the same migration adds.
const sql =
  [...(schemaChanged ? [schemaSql.trim()] : []), ...sqlFiles.map((file) => `-- ${file.path}\n${file.text.trim()}`)].join("\n\n") + "\n";
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folder = path.join("prisma/migrations", `${stamp}_${name}`);
mkdirSync(folder, { recursive: true });
writeFileSync(path.join(folder, "migration.sql"), sql);
console.log(`wrote ${folder}/migration.sql${sqlFiles.length > 0 ? ` (with ${sqlFiles.map((file) => file.path).join(", ")})` : ""}`);
