/** The invoice endpoints over HTTP: file types, period validation as problem+json, tenant scoping. */
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { request } from "~/test/http";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { useTestServer } from "~/test/server";
import { lagosPeriodOf } from "~/server/services/invoices/billing-period";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { unwrapTextFormula } from "~/server/services/transactions/write-csv";

const server = useTestServer();

describe("GET /api/v1/invoices/{period}.csv|pdf", () => {
  it("serves this month's CSV and PDF to the account's key, with only its own purchases", async () => {
    const mine = await fundedAccount(100_000n);
    const theirs = await fundedAccount(100_000n);
    await purchaseData(mine.actor, { clientReference: reference("mine"), planId: "mtn-1gb-30d", phone: "08031234567" });
    await purchaseData(theirs.actor, { clientReference: reference("theirs"), planId: "mtn-1gb-30d", phone: "08031234567" });
    const period = lagosPeriodOf(new Date());

    const csv = await request(server.url(`/api/v1/invoices/${period}.csv`), { headers: mine.auth });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["x-invoice-number"]).toMatch(/^INV-\d{6}-[0-9A-F]{8}$/);
    expect(csv.headers["x-request-id"]).toBeTruthy();
    const rows = parse(csv.text, { columns: true, bom: true }) as Record<string, string>[];
    // Its opening funding, then its one purchase; nothing of the other account's.
    expect(rows.map((row) => row.service)).toEqual(["Funding", "Data"]);
    expect(unwrapTextFormula(rows[1]!.client_reference!)).toMatch(/^mine-/);

    const pdf = await request(server.url(`/api/v1/invoices/${period}.pdf`), { headers: mine.auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.text.startsWith("%PDF-")).toBe(true);
  });

  it("answers 400 problem+json for periods that are not months, or not yet begun", async () => {
    const { auth } = await fundedAccount(10n);
    for (const file of ["2026-13.csv", "abc.pdf", "2026-1.csv", "2999-01.csv", "2026-11.xlsx", "2026-11"]) {
      const response = await request(server.url(`/api/v1/invoices/${file}`), { headers: auth });
      expect(response.status, file).toBe(400);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect((response.json() as { errors: { name: string }[] }).errors[0]!.name).toBe("period");
    }
  });

  it("requires a key", async () => {
    expect((await request(server.url("/api/v1/invoices/2026-01.csv"))).status).toBe(401);
  });
});
