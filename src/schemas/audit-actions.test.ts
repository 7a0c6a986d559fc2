/**
 * Every action the code can write to the audit log is named in words, and the table names nothing
 * the code never writes (the log's filter offers exactly what can be found). The type of
 * recordAuditEntry already refuses an unnamed action; this also reads the writers that bypass it
 * (raw SQL in services and in prisma/sql functions) and the helpers that pass an action along.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { actionLabel, AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "./audit-actions";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ACTION = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;

function sourceFiles(directory: string, extension: string): string[] {
  return readdirSync(path.join(ROOT, directory), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(extension) && !file.endsWith(`.test${extension}`))
    .map((file) => path.join(ROOT, directory, file));
}

/** A file writes audit entries when it calls the recorder, inserts into audit_log, or passes an action to a helper that does. */
const WRITES_AUDIT = /recordAuditEntry\(|INSERT INTO audit_log|auditEndpoint\(|updateAccountSettings\(|auditCatalogChange\(/;
/** Where an action is named: `action: "…"` (a ternary too), a constant named …ACTION, or a helper's argument. */
const NAMES_ACTION = /\baction\b|_ACTION\b|auditEndpoint\(|updateAccountSettings\(|action: change\.action/i;

function actionsWrittenInTypeScript(source: string): string[] {
  const found: string[] = [];
  for (const line of source.split("\n")) {
    if (!NAMES_ACTION.test(line)) continue;
    for (const [, literal] of line.matchAll(/"([^"\n]+)"/g)) if (ACTION.test(literal!)) found.push(literal!);
    // A template type of unions, `${"network" | "plan"}.${"created" | "updated"}`: every combination.
    for (const [, left, right] of line.matchAll(/`\$\{([^}]+)\}\.\$\{([^}]+)\}`/g)) {
      const words = (union: string) => [...union.matchAll(/"([a-z_]+)"/g)].map((match) => match[1]!);
      for (const kind of words(left!)) for (const verb of words(right!)) found.push(`${kind}.${verb}`);
    }
  }
  return found;
}

function actionsWrittenInSql(source: string): string[] {
  const found: string[] = [];
  for (const [statement] of source.matchAll(/INSERT INTO audit_log[\s\S]*?;/g)) {
    for (const [, literal] of statement.matchAll(/'([^'\n]+)'/g)) if (ACTION.test(literal!)) found.push(literal!);
  }
  return found;
}

function actionsTheCodeWrites(): Set<string> {
  const written = new Set<string>();
  for (const file of sourceFiles("src/server", ".ts")) {
    const source = readFileSync(file, "utf8");
    if (!WRITES_AUDIT.test(source)) continue;
    for (const action of actionsWrittenInTypeScript(source)) written.add(action);
  }
  for (const file of sourceFiles("prisma/sql", ".sql")) {
    for (const action of actionsWrittenInSql(readFileSync(file, "utf8"))) written.add(action);
  }
  return written;
}

describe("audit actions", () => {
  const written = actionsTheCodeWrites();

  it("finds the writers, including those in raw SQL and through helpers", () => {
    // If the scan stopped seeing these, its emptiness would prove nothing.
    for (const action of [
      "wallet.fund",
      "test_wallet.top_up",
      "transaction.upstream_reversal",
      "upstream.alert",
      "plan.updated",
      "catalog.set",
    ]) {
      expect(written, action).toContain(action);
    }
  });

  it("names every action the code can write", () => {
    const unnamed = [...written].filter((action) => !(action in AUDIT_ACTION_LABELS));
    expect(unnamed).toEqual([]);
  });

  it("names only actions the code writes, so the filter offers nothing that cannot be found", () => {
    expect(AUDIT_ACTIONS.filter((action) => !written.has(action))).toEqual([]);
  });

  it("says each action in its own words", () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    expect(actionLabel("wallet.fund")).toBe("Wallet funded");
    expect(actionLabel("some.future_action")).toBe("some.future_action");
  });
});
