/**
 * Starts one throw-away PostgreSQL cluster for the whole run and migrates a template database once.
 * Each test file then gets its own database cloned from the template (setup-database.ts): isolated,
 * and fast because cloning skips the migrations.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyPendingMigrations } from "~/server/db/migrate";
import { createDatabaseIfMissing, databaseUrl, startEmbeddedPostgres } from "~/server/db/embedded-postgres";
import { freePort } from "~/server/http/free-port";

export const TEMPLATE_DATABASE = "rp_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "rp-test-pg-"));
  const port = await freePort();
  const cluster = await startEmbeddedPostgres({ dir, port, database: "postgres" });
  await createDatabaseIfMissing(cluster.adminUrl, TEMPLATE_DATABASE);
  await applyPendingMigrations(databaseUrl(port, TEMPLATE_DATABASE));
  project.provide("adminDatabaseUrl", cluster.adminUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
