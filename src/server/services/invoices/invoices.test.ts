/**
 * Monthly invoices (DESIGN.md §5) against real PostgreSQL: the Lagos billing month, the CSV parsed
 * back with a CSV parser, the PDF's text extracted with pdftotext, totals that agree with each other
 * and with the ledger, stable bytes for a closed month, and tenant isolation.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";
import { payBill } from "~/server/services/purchases/pay-bill";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { createUser } from "~/server/services/users/create-user";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { recordBankTransfer } from "~/server/services/funding/record-bank-transfer";
import { unwrapTextFormula } from "~/server/services/transactions/write-csv";
import { operator } from "~/test/fixtures";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { billingPeriod, invoiceNumber, lagosPeriodOf } from "./billing-period";
import { getInvoiceSummary } from "./invoice-summary";
import { buildInvoicePdf, formatNgn, renderInvoicePdf } from "./render-invoice-pdf";
import { INVOICE_CSV_COLUMNS, streamInvoiceCsv } from "./stream-invoice-csv";
import { openCsvInLibreOffice, skipWithoutLibreOffice } from "~/test/spreadsheet";

async function csvText(accountId: string, period: string): Promise<string> {
  const { chunks: text } = await streamInvoiceCsv(operator, { accountId, period });
  const chunks: Buffer[] = [];
  for await (const chunk of text) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

/** How docs/integrating.md "Invoices" tells a program to read the file: skip the byte-order mark, unwrap `="…"`. */
function parseInvoiceCsv(text: string): Record<string, string>[] {
  const rows = parse(text, { columns: true, bom: true }) as Record<string, string>[];
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, unwrapTextFormula(value)])));
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "invoice-"));
  const file = path.join(dir, "invoice.pdf");
  writeFileSync(file, pdf);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Moves a transaction and its ledger entries to another instant, as if it had happened then. */
async function backdate(transactionId: string, instant: string, sourceIp?: string) {
  await db.$executeRaw`UPDATE transactions SET created_at = ${new Date(instant)}, source_ip = COALESCE(${sourceIp ?? null}, source_ip) WHERE id = ${transactionId}::uuid`;
  await db.$executeRaw`UPDATE ledger_entries SET created_at = ${new Date(instant)} WHERE transaction_id = ${transactionId}::uuid`;
}

describe("billing period", () => {
  it("is the calendar month in Lagos time", () => {
    const february = billingPeriod("2026-02");
    expect(february.start.toISOString()).toBe("2026-01-31T23:00:00.000Z");
    expect(february.end.toISOString()).toBe("2026-02-28T23:00:00.000Z");
    expect(february.label).toBe("February 2026");
    expect(lagosPeriodOf(new Date("2026-01-31T23:30:00Z"))).toBe("2026-02");
    expect(lagosPeriodOf(new Date("2026-01-31T22:59:59Z"))).toBe("2026-01");
    expect(billingPeriod("2026-12", new Date("2027-01-10T00:00:00Z")).end.toISOString()).toBe("2026-12-31T23:00:00.000Z");
  });

  it("refuses malformed and future periods as validation errors on `period`", () => {
    for (const period of ["2026-13", "2026-00", "abc", "2026-1", "26-01", "2026-01-01", ""]) {
      let caught: unknown;
      try {
        billingPeriod(period);
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught) && caught.code === "validation.failed" && caught.fieldErrors?.[0]?.name === "period", period).toBe(true);
    }
    expect(() => billingPeriod("2026-12", new Date("2026-11-21T00:00:00Z"))).toThrow();
    expect(() => billingPeriod("2026-12", new Date("2026-11-30T23:30:00Z"))).not.toThrow();
  });

  it("numbers invoices stably per account and month", () => {
    expect(invoiceNumber("a3c1e2f4-0000-0000-0000-000000000000", "2026-11")).toBe("INV-202611-A3C1E2F4");
  });
});

describe("an invoice month", () => {
  let account: Awaited<ReturnType<typeof fundedAccount>>;
  let other: Awaited<ReturnType<typeof fundedAccount>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    account = await fundedAccount(1_000_000n);
    other = await fundedAccount(1_000_000n);
    await db.$executeRaw`UPDATE ledger_entries SET created_at = '2025-12-15T10:00:00Z' WHERE account_id = ${account.accountId}::uuid`;

    const buy = async (name: string, work: () => Promise<{ transaction: { id: string } }>, instant: string, ip: string) => {
      ids[name] = (await work()).transaction.id;
      await backdate(ids[name]!, instant, ip);
    };
    // January in Lagos: 22:30 UTC on 31 January is 23:30 in Lagos.
    await buy(
      "janData",
      () => purchaseData(account.actor, { clientReference: reference("jan"), planId: "mtn-1gb-30d", phone: "08031234567" }),
      "2026-01-31T22:30:00Z",
      "10.0.0.1",
    );
    // February in Lagos: 23:30 UTC on 31 January is 00:30 on 1 February.
    await buy(
      "febData",
      () => purchaseData(account.actor, { clientReference: reference("feb"), planId: "mtn-2gb-30d", phone: "08031234567" }),
      "2026-01-31T23:30:00Z",
      "10.0.0.1",
    );
    await buy(
      "febAirtime",
      () => purchaseAirtime(account.actor, { clientReference: reference("feb"), networkId: "glo", phone: "08051234567", amount: 15_000 }),
      "2026-02-10T09:00:00Z",
      "2001:db8::5",
    );
    await buy(
      "febFailed",
      () => purchaseData(account.actor, { clientReference: reference("feb"), planId: "glo-1gb-30d", phone: "08051230000" }),
      "2026-02-11T09:00:00Z",
      "10.0.0.2",
    );
    await buy(
      "febHostile",
      () => purchaseData(account.actor, { clientReference: reference("feb"), planId: "airtel-1gb-30d", phone: "08021234567" }),
      "2026-02-12T09:00:00Z",
      "10.0.0.1",
    );
    // Values from outside the service (a provider, a catalog) that a spreadsheet must not execute.
    await db.$executeRaw`UPDATE transactions SET provider_reference = '=HYPERLINK("http://evil")', product_name = ${'Plan "A", big\nnew'} WHERE id = ${ids.febHostile}::uuid`;
    await db.$executeRaw`UPDATE transactions SET provider_reference = '@SUM(A1)', product_name = '+cmd' WHERE id = ${ids.febAirtime}::uuid`;
    // Another account's purchase in the same month must never appear.
    const foreign = await purchaseData(other.actor, { clientReference: reference("other"), planId: "mtn-1gb-30d", phone: "08031234567" });
    await backdate(foreign.transaction.id, "2026-02-05T09:00:00Z", "203.0.113.66");
  });

  it("puts each purchase in its Lagos month, one CSV row each, with its source IP", async () => {
    const rows = parseInvoiceCsv(await csvText(account.accountId, "2026-02"));
    expect(rows.map((row) => row.transaction_id).sort()).toEqual([ids.febData, ids.febAirtime, ids.febFailed, ids.febHostile].sort());
    const byId = Object.fromEntries(rows.map((row) => [row.transaction_id, row]));
    expect(byId[ids.febData!]).toMatchObject({
      source_ip: "10.0.0.1",
      date_lagos: "2026-02-01 00:30:00",
      service: "Data",
      status: "successful",
      amount_kobo: "56000",
      amount_ngn: "560.00",
    });
    expect(byId[ids.febAirtime!]!.source_ip).toBe("2001:db8::5");
    expect(byId[ids.febFailed!]!.status).toBe("failed");

    const january = parseInvoiceCsv(await csvText(account.accountId, "2026-01"));
    expect(january.map((row) => row.transaction_id)).toEqual([ids.janData]);
    expect(january[0]!.date_lagos).toBe("2026-01-31 23:30:00");
  });

  it("quotes commas, quotes and newlines, and neutralises formula cells", async () => {
    const text = await csvText(account.accountId, "2026-02");
    const rows = parseInvoiceCsv(text);
    const hostile = rows.find((row) => row.transaction_id === ids.febHostile)!;
    expect(hostile.product).toBe('Plan "A", big\nnew');
    // An identifier is a string literal (`="…"`), never run, and shown exactly as the provider sent it.
    expect(hostile.provider_reference).toBe('=HYPERLINK("http://evil")');
    expect(text).toContain('"=""=HYPERLINK(""""http://evil"""")"""');
    const airtime = rows.find((row) => row.transaction_id === ids.febAirtime)!;
    expect(airtime.provider_reference).toBe("@SUM(A1)");
    expect(airtime.product).toBe("'+cmd");
    expect(text).toContain('"Plan ""A"", big\nnew"');
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFdate_lagos,transaction_id,client_reference,provider_reference,service,product,recipient,amount_kobo,amount_ngn,charged_kobo,charged_ngn,status,channel,source_ip,token,pins,units,bonus_token",
    );
  });

  it("agrees with itself: CSV totals = PDF totals = ledger movements", async () => {
    const summary = await getInvoiceSummary(operator, { accountId: account.accountId, period: "2026-02" });
    const rows = parseInvoiceCsv(await csvText(account.accountId, "2026-02"));
    const csvCharged = rows.reduce((sum, row) => sum + BigInt(row.charged_kobo!), 0n);
    expect(csvCharged).toBe(summary.totalCharged);
    expect(summary.totalCharged).toBe(56_000n + 15_000n + 30_000n);
    // Every purchase settled within the month, so the net ledger movement is exactly what was charged.
    expect(summary.purchases + summary.reversals).toBe(-summary.totalCharged);
    expect(summary.openingBalance + summary.funding + summary.purchases + summary.reversals + summary.adjustments).toBe(
      summary.closingBalance,
    );
    expect(summary.openingBalance).toBe(1_000_000n - 28_000n);

    const text = pdfText((await buildInvoicePdf(operator, { accountId: account.accountId, period: "2026-02" })).pdf);
    expect(text).toContain(summary.invoiceNumber);
    expect(text).toContain("February 2026");
    expect(text).toMatch(new RegExp(`Total\\s+4\\s+1\\s+3\\s+${formatNgn(summary.totalCharged)}`));
    expect(text).toMatch(new RegExp(`Opening balance\\s+${formatNgn(summary.openingBalance)}`));
    expect(text).toMatch(new RegExp(`Closing balance\\s+${formatNgn(summary.closingBalance)}`));
  });

  it("summarises every source address in the PDF with its count and amount", async () => {
    const { pdf, summary } = await buildInvoicePdf(operator, { accountId: account.accountId, period: "2026-02" });
    expect(summary.sourceAddresses.map((row) => [row.address, row.count, row.amount])).toEqual([
      ["10.0.0.1", 2, 86_000n],
      ["10.0.0.2", 1, 0n],
      ["2001:db8::5", 1, 15_000n],
    ]);
    const text = pdfText(pdf);
    for (const row of summary.sourceAddresses) {
      expect(text).toMatch(new RegExp(`${row.address.replaceAll(".", "\\.")}\\s+${row.count}\\s+${formatNgn(row.amount)}`));
    }
    expect(text).not.toContain("203.0.113.66");
  });

  it("is the same bytes whenever a closed month is downloaded", async () => {
    const first = await buildInvoicePdf(operator, { accountId: account.accountId, period: "2026-02" });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await buildInvoicePdf(operator, { accountId: account.accountId, period: "2026-02" });
    expect(second.invoiceNumber).toBe(first.invoiceNumber);
    expect(Buffer.compare(second.pdf, first.pdf)).toBe(0);
    expect(await csvText(account.accountId, "2026-02")).toBe(await csvText(account.accountId, "2026-02"));
  });

  it("never shows another account's purchases, and refuses other tenants", async () => {
    const rows = parseInvoiceCsv(await csvText(other.accountId, "2026-02"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source_ip).toBe("203.0.113.66");
    await expect(streamInvoiceCsv(account.actor, { accountId: other.accountId, period: "2026-02" })).rejects.toMatchObject({
      code: "account.not_found",
    });
  });
});

describe("fundings on the invoice CSV", () => {
  it("lists each funding of the month in time order among the purchases, a bank transfer with its Paystack reference", async () => {
    const account = await fundedAccount(1_000_000n);
    await fundWallet(operator, { accountId: account.accountId, amount: 250_000n, reference: "CASH-MARCH-1", note: "cash at the office" });
    await db.fundingAccount.create({
      data: {
        accountId: account.accountId,
        provider: "paystack",
        status: "ACTIVE",
        providerCustomerCode: `CUS_${reference("inv")}`,
        accountNumber: "9912340001",
      },
    });
    const customer = await db.fundingAccount.findFirstOrThrow({ where: { accountId: account.accountId } });
    const paystackReference = `T${reference("invoice")}`;
    await recordBankTransfer(
      "paystack",
      {
        reference: paystackReference,
        providerTransactionId: "4099",
        status: "success",
        amount: 500_000n,
        fee: 5_000n,
        currency: "NGN",
        channel: "dedicated_nuban",
        toDedicatedAccount: true,
        paidAt: new Date("2026-03-04T09:00:00Z"),
        customerCode: customer.providerCustomerCode,
        payerName: "ADAEZE OKONKWO",
        payerBank: "Guaranty Trust Bank",
        payerAccountNumber: "XXXXXX1234",
        narration: null,
        receiverAccountNumber: "9912340001",
      },
      { via: "webhook" },
    );
    const bought = await purchaseData(account.actor, { clientReference: reference("march"), planId: "mtn-1gb-30d", phone: "08031234567" });
    await backdate(bought.transaction.id, "2026-03-03T09:00:00Z");
    await db.$executeRaw`UPDATE ledger_entries SET created_at = '2026-03-02T09:00:00Z' WHERE account_id = ${account.accountId}::uuid AND funding_reference = 'CASH-MARCH-1'`;
    await db.$executeRaw`UPDATE ledger_entries SET created_at = '2026-03-04T09:00:01Z' WHERE account_id = ${account.accountId}::uuid AND funding_reference = ${paystackReference}`;

    const text = await csvText(account.accountId, "2026-03");
    const rows = parseInvoiceCsv(text);
    expect(rows.map((row) => [row.date_lagos, row.service])).toEqual([
      ["2026-03-02 10:00:00", "Funding"],
      ["2026-03-03 10:00:00", "Data"],
      ["2026-03-04 10:00:01", "Funding"],
    ]);
    expect(rows[0]).toMatchObject({
      provider_reference: "CASH-MARCH-1",
      product: "Recorded by an operator",
      amount_kobo: "250000",
      channel: "manual",
    });
    expect(rows[2]).toMatchObject({
      provider_reference: paystackReference,
      product: "Bank transfer from ADAEZE OKONKWO (Guaranty Trust Bank); fee NGN 50.00",
      amount_kobo: "495000",
      amount_ngn: "4950.00",
      charged_kobo: "0",
      status: "credited",
      channel: "bank_transfer",
      client_reference: "",
      recipient: "",
      source_ip: "",
    });
    // Fundings charge nothing: the charged column still sums to the month's spend.
    const summary = await getInvoiceSummary(operator, { accountId: account.accountId, period: "2026-03" });
    expect(rows.reduce((sum, row) => sum + BigInt(row.charged_kobo!), 0n)).toBe(summary.totalCharged);
    expect(summary.funding).toBe(250_000n + 495_000n);
  });
});

describe("what was delivered, in the invoice CSV", () => {
  it("gives each purchase its token, PINs (serial:pin), units and bonus token; nothing for what is credited directly", async () => {
    const account = await fundedAccount(5_000_000n);
    const bought = [
      await payBill(account.actor, "education", { clientReference: reference("pin"), planId: "waec-result-checker", customerId: "cand-1" }),
      await payBill(account.actor, "electricity", {
        clientReference: reference("eko"),
        planId: "eko-electric-prepaid",
        customerId: "0101150290001",
        amount: 500_000,
      }),
      await purchaseData(account.actor, { clientReference: reference("data"), planId: "mtn-1gb-30d", phone: "08031234567" }),
    ].map((result) => result.transaction);
    for (const transaction of bought) await backdate(transaction.id, "2026-03-10T09:00:00Z");
    const [pin, eko, data] = bought;
    expect(pin!.pins).toEqual([{ serial: expect.stringMatching(/^WRN\d{9}$/), pin: pin!.token }]);
    expect(eko).toMatchObject({ units: "80.0 kWh", bonusToken: expect.stringMatching(/^\d{20}$/) });

    const rows = Object.fromEntries(parseInvoiceCsv(await csvText(account.accountId, "2026-03")).map((row) => [row.transaction_id, row]));
    expect(rows[pin!.id]).toMatchObject({ token: pin!.token, pins: `${pin!.pins![0]!.serial}:${pin!.token}`, units: "", bonus_token: "" });
    expect(rows[eko!.id]).toMatchObject({ token: eko!.token, pins: "", units: "80.0 kWh", bonus_token: eko!.bonusToken });
    expect(rows[data!.id]).toMatchObject({ token: "", pins: "", units: "", bonus_token: "" });
  });
});

describe("the invoice CSV opened in a spreadsheet", () => {
  it.skipIf(skipWithoutLibreOffice)(
    "keeps every identifier exactly as sent, as text, and its charged column sums to spend",
    async () => {
      const account = await fundedAccount(1_000_000n);
      const period = lagosPeriodOf(new Date());
      const bought = [
        await purchaseData(account.actor, { clientReference: reference("ok"), planId: "mtn-1gb-30d", phone: "08031234567" }),
        await purchaseAirtime(account.actor, {
          clientReference: reference("pending"),
          networkId: "glo",
          phone: "08051231111",
          amount: 15_000,
        }),
        await purchaseData(account.actor, { clientReference: reference("failed"), planId: "glo-1gb-30d", phone: "08051230000" }),
        await purchaseData(account.actor, { clientReference: reference("ok"), planId: "airtel-1gb-30d", phone: "08021234567" }),
      ].map((result) => result.transaction);
      expect(bought.map((transaction) => transaction.status)).toEqual(["successful", "pending", "failed", "successful"]);
      // What resellers and providers really send: references a spreadsheet would turn into numbers or run.
      const sent = [
        { clientReference: "0012", providerReference: "1E5", product: "MTN 1GB – 30 days" },
        { clientReference: "1E5", providerReference: "-ref", product: "-ref" },
        { clientReference: "-ref", providerReference: '=HYPERLINK("http://evil","x")', product: "=1+1" },
        { clientReference: "=1+1", providerReference: "00123", product: "Airtel 1GB" },
      ];
      for (const [index, transaction] of bought.entries()) {
        const values = sent[index]!;
        await db.$executeRaw`UPDATE transactions SET client_reference = ${values.clientReference}, provider_reference = ${values.providerReference}, product_name = ${values.product} WHERE id = ${transaction.id}::uuid`;
      }

      const csv = await csvText(account.accountId, period);
      expect(csv.startsWith("\uFEFF"), "a byte-order mark, so Excel and LibreOffice read UTF-8").toBe(true);
      const [header = [], ...lines] = openCsvInLibreOffice(csv);
      const column = (name: string) => header.findIndex((cell) => cell.value === name);
      const cell = (row: (typeof lines)[number], name: string) => row[column(name)];
      expect(header.map((cell) => cell.value)).toEqual(INVOICE_CSV_COLUMNS.map((column) => column.header));
      // The account's opening funding is a row of its own (service "Funding"), before the purchases.
      expect(lines.map((row) => cell(row, "service")!.value)).toEqual(["Funding", "Data", "Airtime", "Data", "Data"]);
      const rows = lines.slice(1);

      for (const [index, row] of rows.entries()) {
        const transaction = bought[index]!;
        expect(cell(row, "transaction_id")).toEqual({ type: "string", value: transaction.id });
        expect(cell(row, "client_reference")).toEqual({ type: "string", value: sent[index]!.clientReference });
        expect(cell(row, "provider_reference")).toEqual({ type: "string", value: sent[index]!.providerReference });
        expect(cell(row, "recipient")).toEqual({ type: "string", value: transaction.recipient });
        expect(cell(row, "recipient")!.value).toMatch(/^0\d{10}$/);
        expect(cell(row, "source_ip")).toEqual({ type: "string", value: "127.0.0.9" });
        expect(cell(row, "amount_kobo")).toEqual({ type: "float", value: String(transaction.amount) });
      }
      // Free text that looks like a formula is shown, never run: with the guard's apostrophe.
      expect(cell(rows[0]!, "product")).toEqual({ type: "string", value: "MTN 1GB – 30 days" });
      expect(cell(rows[2]!, "product")).toEqual({ type: "string", value: "'=1+1" });
      expect(cell(rows[1]!, "product")).toEqual({ type: "string", value: "'-ref" });
      expect(cell(rows[0]!, "service")).toEqual({ type: "string", value: "Data" });

      const summary = await getInvoiceSummary(operator, { accountId: account.accountId, period });
      const sum = (name: string) => lines.reduce((total, row) => total + Math.round(Number(cell(row, name)!.value) * 100), 0);
      expect(rows.every((row) => cell(row, "charged_ngn")!.type === "float")).toBe(true);
      expect(BigInt(sum("charged_ngn"))).toBe(summary.totalCharged);
      expect(BigInt(sum("charged_kobo"))).toBe(summary.totalCharged * 100n);
      expect(summary.totalCharged).toBe(BigInt(bought[0]!.amount + bought[1]!.amount + bought[3]!.amount));
      expect(cell(rows[2]!, "charged_kobo")!.value).toBe("0");
    },
    120_000,
  );
});

describe("the invoice PDF as a statement", () => {
  const issuer = {
    name: "Naija Resell Ltd",
    addressLines: ["12 Marina", "Lagos Island, Lagos"],
    taxId: "12345678-0001",
    vatRegistered: true,
    vatRatePercent: 7.5,
  };

  it("names issuer and customer, lists funding, shows services by their portal names and states VAT", async () => {
    const account = await fundedAccount(0n);
    await fundWallet(operator, { accountId: account.accountId, amount: 500_000n, reference: "BANK-TRF-0099", note: "GTBank transfer" });
    const owner = `owner-${reference("x")}@statement.test`;
    await createUser(operator, { email: owner, password: "correct horse battery staple", role: "OWNER", accountId: account.accountId });
    const data = await purchaseData(account.actor, { clientReference: reference("tv"), planId: "mtn-1gb-30d", phone: "08031234567" });
    await db.$executeRaw`UPDATE transactions SET service = 'CABLE_TV' WHERE id = ${data.transaction.id}::uuid`;
    const period = lagosPeriodOf(new Date());

    const { summary } = await buildInvoicePdf(operator, { accountId: account.accountId, period });
    const text = pdfText(await renderInvoicePdf(summary, issuer));
    for (const line of ["Naija Resell Ltd", "12 Marina", "Lagos Island, Lagos", "Tax ID: 12345678-0001", "VAT registered (7.5%)"])
      expect(text).toContain(line);
    expect(text).toContain("Bill to");
    expect(text).toContain(summary.account.name);
    expect(text).toContain(`Account ${account.accountId}`);
    expect(text).toContain(owner);
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+Funding\s+BANK-TRF-0099\s+GTBank transfer\s+NGN 5,000\.00/);
    expect(text).toMatch(/Cable TV\s+1\s+0\s+1\s+NGN 280\.00/);
    expect(text).not.toContain("CableTv");
    // 280.00 charged VAT-inclusive at 7.5%: 280 × 7.5 / 107.5 = 19.53.
    expect(text).toMatch(/VAT at 7\.5% \(included in the amount charged\)\s+NGN 19\.53/);
    expect(text).toMatch(/Amount charged excluding VAT\s+NGN 260\.47/);

    const unregistered = pdfText(await renderInvoicePdf(summary, { ...issuer, vatRegistered: false }));
    expect(unregistered).toContain("Not registered for VAT");
    expect(unregistered).toMatch(/VAT \(issuer not registered for VAT\)\s+NGN 0\.00/);
  });

  it("says provisional for the month still open, and not for a closed one", async () => {
    const account = await fundedAccount(100_000n);
    await purchaseData(account.actor, { clientReference: reference("open"), planId: "mtn-1gb-30d", phone: "08031234567" });
    const open = pdfText((await buildInvoicePdf(operator, { accountId: account.accountId, period: lagosPeriodOf(new Date()) })).pdf);
    expect(open).toContain("Invoice (provisional)");
    expect(open).toMatch(/Provisional: \w+ \d{4} is still open/);

    const closed = pdfText(
      (await buildInvoicePdf(operator, { accountId: account.accountId, period: "2026-03" }, new Date("2026-04-02T00:00:00Z"))).pdf,
    );
    expect(closed).not.toMatch(/provisional/i);
  });

  it("numbers the pages of a long invoice", async () => {
    const account = await fundedAccount(0n);
    for (let index = 0; index < 70; index += 1) {
      await fundWallet(operator, { accountId: account.accountId, amount: 1_000n, reference: `BANK-${String(index).padStart(3, "0")}` });
    }
    const text = pdfText((await buildInvoicePdf(operator, { accountId: account.accountId, period: lagosPeriodOf(new Date()) })).pdf);
    const pages = text.split("\f").filter((page) => page.trim() !== "");
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    // The funding table runs onto the next page under its column headings again.
    expect(pages[1]).toMatch(/Date \(Lagos\)\s+Kind\s+Reference\s+Note\s+Amount/);
    expect(text).toContain("BANK-069");
  });

  it("is a tagged PDF", async () => {
    const account = await fundedAccount(0n);
    const { pdf } = await buildInvoicePdf(operator, { accountId: account.accountId, period: lagosPeriodOf(new Date()) });
    expect(execFileSync("pdfinfo", ["-"], { input: pdf, encoding: "utf8" })).toMatch(/^Tagged:\s+yes$/m);
  });

  it("has no invoice for a month before the account existed", async () => {
    // fundedAccount's accounts are created on 2026-03-01.
    const account = await fundedAccount(0n);
    await expect(buildInvoicePdf(operator, { accountId: account.accountId, period: "2026-02" })).rejects.toMatchObject({
      code: "invoice.not_found",
    });
    await expect(streamInvoiceCsv(operator, { accountId: account.accountId, period: "2026-02" })).rejects.toMatchObject({
      code: "invoice.not_found",
    });
    await expect(buildInvoicePdf(operator, { accountId: account.accountId, period: "2026-03" })).resolves.toBeTruthy();
  });
});
