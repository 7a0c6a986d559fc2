/**
 * `npm run db:new-migration -- <name>`: writes the SQL that brings the committed migrations up to
 * prisma/schema.prisma as a new migration folder. (`prisma migrate dev` cannot finish with the wasm
 * schema engine; `migrate diff` against a shadow database can. See docs/decisions/002-prisma-pinned-to-6-19.md.)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { configuredOrDevelopmentDatabase } from "~/server/db/defaults";
import { prismaBin, prismaCliEnv } from "~/server/db/prisma-env";

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
await stop();
if (diff.status !== 0) {
  console.error(diff.stderr || diff.stdout);
  process.exit(1);
}
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

const sql = withoutIndexRebuilds(diff.stdout.slice(diff.stdout.indexOf("--")));
if (sql.includes("This is an empty migration")) {
  console.log("schema.prisma matches the migrations: nothing to write");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folder = path.join("prisma/migrations", `${stamp}_${name}`);
mkdirSync(folder, { recursive: true });
writeFileSync(path.join(folder, "migration.sql"), sql);
console.log(`wrote ${folder}/migration.sql`);
