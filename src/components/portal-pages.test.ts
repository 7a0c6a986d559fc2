/**
 * The one table of who sees which portal page, as the navigation and the page guards read it (docs/operating.md
 * "The portal").
 */
import { describe, expect, it } from "vitest";
import { mayOpen, navigationFor } from "./portal-pages";

describe("the portal's pages by role", () => {
  it("offers each role its navigation, in one order", () => {
    expect(navigationFor("OWNER").map((item) => item.label)).toEqual([
      "Dashboard",
      "Buy",
      "Batches",
      "Fund wallet",
      "Transactions",
      "API keys",
      "Webhooks",
      "Allowlist",
      "Team",
      "Invoices",
      "Security",
    ]);
    expect(navigationFor("STAFF").map((item) => item.label)).toEqual([
      "Dashboard",
      "Buy",
      "Batches",
      "Fund wallet",
      "Transactions",
      "Allowlist",
      "Security",
    ]);
    expect(navigationFor("OPERATOR").map((item) => item.label)).toEqual(["Dashboard", "Security", "Operator"]);
  });

  it("lets operators open an account holder's transactions and invoices only for a named account", () => {
    for (const page of ["transactions", "invoices"] as const) {
      expect(mayOpen(page, "OPERATOR")).toBe(false);
      expect(mayOpen(page, "OPERATOR", { forAnAccount: true })).toBe(true);
    }
    expect(mayOpen("apiKeys", "OPERATOR", { forAnAccount: true })).toBe(false);
    expect(mayOpen("webhooks", "OPERATOR", { forAnAccount: true })).toBe(false);
    expect(mayOpen("webhooks", "STAFF")).toBe(false);
    expect(mayOpen("invoices", "STAFF", { forAnAccount: true })).toBe(false);
    expect(mayOpen("operator", "OWNER")).toBe(false);
  });
});
