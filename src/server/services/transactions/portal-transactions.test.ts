/**
 * The portal's transaction list, detail and CSV export against real PostgreSQL: filters (with Lagos
 * day boundaries), prefix search, keyset pages, tenant isolation, and the CSV's quoting and
 * formula neutralisation checked as exact text and read back with a small RFC 4180 reader.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { fundedAccount, reference } from "~/test/purchase-fixtures";
import { planOf } from "~/test/statements";
import { exportTransactionsCsv } from "./export-transactions-csv";
import { unwrapTextFormula } from "./write-csv";
import { countPortalTransactions } from "./count-portal-transactions";
import { countSearchedTransactions } from "./count-searched-transactions";
import { getPortalTransaction } from "./get-portal-transaction";
import { listPortalTransactions } from "./list-portal-transactions";
import { searchTransactions } from "./search-transactions";
import { COUNT_CAP, filterCondition, recipientSearchForms, searchCondition } from "./transaction-reads";

type Seed = {
  at: string;
  id?: string;
  clientReference?: string;
  amount?: bigint;
  status?: "SUCCESSFUL" | "PENDING" | "FAILED";
  service?: "DATA" | "AIRTIME" | "CABLE_TV";
  recipient?: string;
  customerName?: string | null;
  productName?: string | null;
  providerReference?: string | null;
  channel?: "API" | "PORTAL";
  sourceIp?: string;
};

/**
 * A transaction as the purchase functions leave it: a provider reference is its vend attempt's too (the
 * search reads it there), and a pending one is in the reconciler's queue (the pending filter reads it there).
 */
async function insert(accountId: string, seed: Seed) {
  const status = seed.status ?? "SUCCESSFUL";
  return db.transaction.create({
    data: {
      ...(seed.providerReference
        ? {
            attempts: {
              create: {
                attemptNumber: 1,
                provider: "sandbox",
                upstreamRequestId: randomUUID().replaceAll("-", ""),
                status: status === "SUCCESSFUL" ? "DELIVERED" : status,
                providerReference: seed.providerReference,
              },
            },
          }
        : {}),
      ...(status === "PENDING" ? { requery: { create: { nextRequeryAt: new Date(seed.at) } } } : {}),
      ...(seed.id ? { id: seed.id } : {}),
      accountId,
      clientReference: seed.clientReference ?? reference("seed"),
      service: seed.service ?? "DATA",
      status,
      orderFingerprint: "test",
      productName: seed.productName === undefined ? "MTN 1GB (SME) – 30 days" : seed.productName,
      providerReference: seed.providerReference ?? null,
      recipient: seed.recipient ?? "08031234567",
      customerName: seed.customerName ?? null,
      amount: seed.amount ?? 28_000n,
      channel: seed.channel ?? "API",
      sourceIp: seed.sourceIp ?? "127.0.0.9",
      createdAt: new Date(seed.at),
    },
  });
}

function userOf(accountId: string | null, role: "OWNER" | "STAFF" | "OPERATOR" = "OWNER"): Actor {
  return { kind: "user", userId: randomUUID(), email: "someone@example.test", role, accountId, sourceIp: "127.0.0.1" };
}

async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "ok";
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
}

async function references(actor: Actor, filter: Parameters<typeof listPortalTransactions>[1]["filter"]) {
  const page = await listPortalTransactions(actor, { filter, limit: 100 });
  return page.items.map((item) => item.clientReference);
}

describe("listPortalTransactions", () => {
  it("filters by service, status and whole Lagos days, newest first", async () => {
    const { accountId } = await fundedAccount(0n);
    await insert(accountId, { at: "2026-05-31T22:59:00Z", clientReference: "may-31" }); // 23:59 on 31 May in Lagos
    await insert(accountId, { at: "2026-05-31T23:00:00Z", clientReference: "jun-01-early", service: "AIRTIME" }); // 00:00 on 1 June
    await insert(accountId, { at: "2026-06-01T22:59:59Z", clientReference: "jun-01-late", status: "FAILED" });
    await insert(accountId, { at: "2026-06-01T23:00:00Z", clientReference: "jun-02", status: "PENDING", service: "CABLE_TV" });
    const owner = userOf(accountId);

    expect(await references(owner, {})).toEqual(["jun-02", "jun-01-late", "jun-01-early", "may-31"]);
    expect(await references(owner, { from: "2026-06-01", to: "2026-06-01" })).toEqual(["jun-01-late", "jun-01-early"]);
    expect(await references(owner, { to: "2026-05-31" })).toEqual(["may-31"]);
    expect(await references(owner, { from: "2026-06-02" })).toEqual(["jun-02"]);
    expect(await references(owner, { service: "AIRTIME" })).toEqual(["jun-01-early"]);
    expect(await references(owner, { status: "FAILED" })).toEqual(["jun-01-late"]);
    expect(await references(owner, { status: "PENDING", service: "CABLE_TV", from: "2026-06-02", to: "2026-06-02" })).toEqual(["jun-02"]);
    expect(await codeOf(listPortalTransactions(owner, { filter: { from: "2026-06-02", to: "2026-06-01" } }))).toBe("validation.failed");
  });

  it("searches the start of a reference, any part of a recipient or customer name, and the id, with LIKE wildcards taken literally", async () => {
    const { accountId } = await fundedAccount(0n);
    await insert(accountId, { at: "2026-06-01T10:00:00Z", clientReference: "order-100", recipient: "08031114321" });
    await insert(accountId, {
      at: "2026-06-01T11:00:00Z",
      clientReference: "order-101",
      recipient: "08059999999",
      providerReference: "SBX-77AB",
    });
    const bill = await insert(accountId, {
      at: "2026-06-01T12:00:00Z",
      clientReference: "invoice_7",
      recipient: "7012345678",
      customerName: "Adaeze Okafor",
    });
    const owner = userOf(accountId);

    expect(await references(owner, { search: "order-10" })).toEqual(["order-101", "order-100"]);
    expect(await references(owner, { search: "order-100" })).toEqual(["order-100"]);
    expect(await references(owner, { search: "0805" })).toEqual(["order-101"]);
    expect(await references(owner, { search: "+2348031" })).toEqual(["order-100"]);
    expect(await references(owner, { search: "+234 803 111" })).toEqual(["order-100"]);
    // Looked up by the digits after the network's, then checked whole: 0703111… is not 0803111….
    await insert(accountId, { at: "2026-06-01T09:00:00Z", clientReference: "other-network", recipient: "07031114300" });
    expect(await references(owner, { search: "08031114" })).toEqual(["order-100"]);
    expect(await references(owner, { search: "07031114" })).toEqual(["other-network"]);
    expect(await references(owner, { search: "031114" })).toEqual(["order-100", "other-network"]);
    expect(searchCondition("08031114").values).toEqual(expect.arrayContaining(["%031114%", "08031114"]));
    expect(await references(owner, { search: "7012345678" })).toEqual(["invoice_7"]);
    // The end of a phone number or meter number, a provider reference in any case, a name, the id.
    expect(await references(owner, { search: "4321" })).toEqual(["order-100"]);
    expect(await references(owner, { search: "5678" })).toEqual(["invoice_7"]);
    expect(await references(owner, { search: "sbx-77" })).toEqual(["order-101"]);
    expect(await references(owner, { search: "okafor" })).toEqual(["invoice_7"]);
    expect(await references(owner, { search: bill.id.toUpperCase() })).toEqual(["invoice_7"]);
    expect(await references(owner, { search: "der-10" })).toEqual([]); // a reference's start, not any part
    expect(await references(owner, { search: "%" })).toEqual([]);
    expect(await references(owner, { search: "invoice_" })).toEqual(["invoice_7"]);
    expect(await references(owner, { search: "invoiceX" })).toEqual([]);
    expect(await references(owner, { search: "invoic_" })).toEqual([]); // "_" is not a wildcard
    expect(await references(owner, { search: "99_9" })).toEqual([]);
    // How many match, whatever the page's length: counted apart from the page.
    const page = await listPortalTransactions(owner, { filter: { search: "order" }, limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(await countPortalTransactions(owner, { filter: { search: "order" } })).toEqual({ count: 2, more: false });
  });

  it("searches a recipient in the forms it can be stored in, each form one more scan of the trigram index", () => {
    // Written internationally (+234, 00234): the local form only, as phone numbers are stored.
    expect(recipientSearchForms("+234 803 111")).toEqual(["0803111"]);
    expect(recipientSearchForms("+2348031")).toEqual(["08031"]);
    expect(recipientSearchForms("002348031")).toEqual(["08031"]);
    // Spaces and brackets are never part of a stored recipient; dashes may be (a meter number).
    expect(recipientSearchForms("0803 111")).toEqual(["0803111"]);
    expect(recipientSearchForms("0803-111")).toEqual(["0803-111", "0803111"]);
    // As long as an international number without its +: maybe a meter number, maybe a phone.
    expect(recipientSearchForms("2348031114321")).toEqual(["2348031114321", "08031114321"]);
    expect(recipientSearchForms("2345")).toEqual(["2345"]);
    expect(recipientSearchForms("AB-12x")).toEqual(["AB-12x"]);
    expect(recipientSearchForms("Adaeze Okafor")).toEqual([]);
    const international = searchCondition("+234 803 111");
    expect(international.sql.match(/t\.recipient LIKE/g)).toHaveLength(1);
    expect(international.values).toEqual(expect.arrayContaining(["%03111%", "0803111"]));
  });

  it("searches every account for operators only, naming each row's account, live only, three characters at least", async () => {
    const first = await fundedAccount(0n);
    const second = await fundedAccount(0n);
    const ending = String(Math.floor(Math.random() * 9_000_000) + 1_000_000);
    await insert(first.accountId, { at: "2026-06-01T10:00:00Z", clientReference: "mine", recipient: `0803${ending}` });
    await insert(second.accountId, { at: "2026-06-01T11:00:00Z", clientReference: "theirs", recipient: `0805${ending}` });
    const operator = userOf(null, "OPERATOR");

    const found = await searchTransactions(operator, { filter: { search: ending } });
    expect(found.items.map((item) => [item.clientReference, item.accountId])).toEqual([
      ["theirs", second.accountId],
      ["mine", first.accountId],
    ]);
    expect(found.items[0]?.accountName).toEqual(expect.any(String));
    expect(await countSearchedTransactions(operator, { filter: { search: ending } })).toEqual({ count: 2, more: false });
    expect(await codeOf(searchTransactions(userOf(first.accountId), { filter: { search: ending } }))).not.toBe("ok");
    expect(await codeOf(countSearchedTransactions(userOf(first.accountId), { filter: { search: ending } }))).not.toBe("ok");
    expect(await codeOf(searchTransactions(operator, { filter: { search: "12" } }))).toBe("validation.failed");
    expect(await codeOf(countSearchedTransactions(operator, { filter: { search: "12" } }))).toBe("validation.failed");
  });

  it("counts matches up to COUNT_CAP and says there are more, the account's own only", async () => {
    const { accountId } = await fundedAccount(0n);
    const other = await fundedAccount(0n);
    const row = (index: number) => ({
      accountId,
      clientReference: `capped-${index}`,
      service: "DATA" as const,
      status: "SUCCESSFUL" as const,
      orderFingerprint: "test",
      recipient: "08031234567",
      amount: 28_000n,
      channel: "API" as const,
      sourceIp: "127.0.0.9",
      createdAt: new Date("2026-06-03T10:00:00Z"),
    });
    await db.transaction.createMany({ data: Array.from({ length: COUNT_CAP }, (_, index) => row(index)) });
    await insert(other.accountId, { at: "2026-06-03T11:00:00Z", clientReference: "capped-other" });
    const owner = userOf(accountId);
    expect(await countPortalTransactions(owner, { filter: { search: "capped-" } })).toEqual({ count: COUNT_CAP, more: false });
    await insert(accountId, { at: "2026-06-03T12:00:00Z", clientReference: "capped-last" });
    expect(await countPortalTransactions(owner, { filter: { search: "capped-" } })).toEqual({ count: COUNT_CAP, more: true });
    expect(await countPortalTransactions(userOf(other.accountId), { filter: { search: "capped-" } })).toEqual({ count: 1, more: false });
  });

  it("reads the provider reference through vend_attempts and the pending filter through the reconciler's queue, each arm by an index", async () => {
    const { accountId } = await fundedAccount(0n);
    await insert(accountId, { at: "2026-06-02T10:00:00Z", clientReference: "routed", providerReference: "SBX-QX9" });
    await insert(accountId, { at: "2026-06-02T11:00:00Z", clientReference: "waiting", status: "PENDING" });
    const operator = userOf(null, "OPERATOR");
    expect((await searchTransactions(operator, { filter: { search: "sbx-qx9" } })).items.map((item) => item.clientReference)).toEqual([
      "routed",
    ]);
    const pending = await searchTransactions(operator, { filter: { status: "PENDING" } });
    expect(pending.items.map((item) => item.clientReference)).toContain("waiting");
    expect(pending.items.every((item) => item.status === "pending")).toBe(true);

    // The plans, with the table read as it would be at volume (no sequential scan) and the search's arms
    // alone: the vend attempts' prefix index feeds an InitPlan whose ids are one more bitmap in the arms'
    // BitmapOr, and the pending filter fetches the queue's ids by an index on the id.
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
      const search = await planOf(Prisma.sql`SELECT t.id FROM transactions t WHERE ${searchCondition("SBX-QX9")}`, "", tx);
      const status = await planOf(
        Prisma.sql`SELECT t.id FROM transactions t WHERE ${filterCondition(null, true, { status: "PENDING" })}`,
        "",
        tx,
      );
      return { search, status };
    });
    expect(plan.search).toContain("BitmapOr");
    expect(plan.search).toContain("InitPlan");
    expect(plan.search).toContain("vend_attempts_provider_reference_prefix_idx");
    expect(plan.search).not.toContain("transactions_provider_reference_prefix_idx");
    expect(plan.status).toContain("purchase_requeries");
    expect(plan.status).toMatch(/Index Cond: \(+id = ANY \(\(InitPlan/);
  });

  it("pages with a cursor: every row once, newest first, stable while new rows arrive", async () => {
    const { accountId } = await fundedAccount(0n);
    for (let index = 0; index < 7; index += 1) {
      await insert(accountId, { at: new Date(Date.UTC(2026, 5, 1, index)).toISOString(), clientReference: `page-${index}` });
    }
    // Two rows with one timestamp: the id breaks the tie, so neither is skipped or repeated.
    await insert(accountId, { at: new Date(Date.UTC(2026, 5, 1, 3)).toISOString(), clientReference: "page-3b" });
    const owner = userOf(accountId);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof listPortalTransactions>> = await listPortalTransactions(owner, {
        filter: {},
        limit: 3,
        cursor,
      });
      seen.push(...page.items.map((item) => item.clientReference));
      cursor = page.nextCursor;
      pages += 1;
      if (pages === 1) await insert(accountId, { at: "2030-01-01T00:00:00Z", clientReference: "arrived-later" });
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    expect(seen.slice(0, 3)).toEqual(["page-6", "page-5", "page-4"]);
    expect(seen.slice(-3)).toEqual(["page-2", "page-1", "page-0"]);
    expect(await codeOf(listPortalTransactions(owner, { filter: {}, cursor: "bm9wZQ" }))).toBe("validation.failed");
  });

  it("never shows another account's transactions, whatever accountId is sent", async () => {
    const own = await fundedAccount(0n);
    const other = await fundedAccount(0n);
    await insert(own.accountId, { at: "2026-06-01T10:00:00Z", clientReference: "mine" });
    await insert(other.accountId, { at: "2026-06-01T10:00:00Z", clientReference: "theirs" });

    expect(await references(userOf(own.accountId, "STAFF"), {})).toEqual(["mine"]);
    expect(await references(userOf(own.accountId, "STAFF"), { accountId: own.accountId })).toEqual(["mine"]);
    expect(await codeOf(listPortalTransactions(userOf(own.accountId), { filter: { accountId: other.accountId } }))).toBe(
      "account.not_found",
    );
    expect(await references(own.actor, {})).toEqual(["mine"]);

    // Operators choose an account, and must.
    expect(await references(userOf(null, "OPERATOR"), { accountId: other.accountId })).toEqual(["theirs"]);
    expect(await codeOf(listPortalTransactions(userOf(null, "OPERATOR"), { filter: {} }))).toBe("validation.failed");
  });
});

describe("getPortalTransaction", () => {
  it("shows where a purchase came from: the API key's name or the portal user's e-mail", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const user = await db.user.create({
      data: { email: `staff-${randomUUID()}@example.test`, passwordHash: "x", role: "STAFF", accountId },
    });
    const staff: Actor = { kind: "user", userId: user.id, email: user.email, role: "STAFF", accountId, sourceIp: "203.0.113.7" };

    const viaApi = await purchaseData(actor, { clientReference: reference("api"), planId: "mtn-1gb-30d", phone: "08031234567" });
    const viaPortal = await purchaseData(staff, { clientReference: reference("portal"), planId: "mtn-1gb-30d", phone: "08031230000" });
    const key = await db.apiKey.findUniqueOrThrow({ where: { id: (actor as { apiKeyId: string }).apiKeyId } });

    expect(await getPortalTransaction(staff, { id: viaApi.transaction.id })).toMatchObject({
      id: viaApi.transaction.id,
      accountId,
      status: "successful",
      channel: "api",
      sourceIp: "127.0.0.9",
      apiKeyName: key.name,
      userEmail: null,
      amount: 28_000n,
    });
    const failed = await getPortalTransaction(staff, { id: viaPortal.transaction.id });
    expect(failed).toMatchObject({ status: "failed", channel: "portal", sourceIp: "203.0.113.7", apiKeyName: null, userEmail: user.email });
    expect(failed.failureReason).toBeTruthy();
  });

  it("answers not found for another account's id, an unknown id and a malformed one", async () => {
    const own = await fundedAccount(0n);
    const other = await fundedAccount(0n);
    const theirs = await insert(other.accountId, { at: "2026-06-01T10:00:00Z" });

    for (const role of ["OWNER", "STAFF"] as const) {
      expect(await codeOf(getPortalTransaction(userOf(own.accountId, role), { id: theirs.id }))).toBe("transaction.not_found");
    }
    expect(await codeOf(getPortalTransaction(own.actor, { id: theirs.id }))).toBe("transaction.not_found");
    expect(await codeOf(getPortalTransaction(userOf(own.accountId), { id: randomUUID() }))).toBe("transaction.not_found");
    expect(await codeOf(getPortalTransaction(userOf(own.accountId), { id: "'; DROP TABLE transactions; --" }))).toBe(
      "transaction.not_found",
    );
    expect(await getPortalTransaction(userOf(other.accountId), { id: theirs.id })).toMatchObject({ id: theirs.id });
    expect(await getPortalTransaction(userOf(null, "OPERATOR"), { id: theirs.id })).toMatchObject({
      id: theirs.id,
      accountId: other.accountId,
    });
  });
});

/** A small RFC 4180 reader (quoted fields, doubled quotes, CRLF records), enough to read our own output back. */
function readCsv(file: string): string[][] {
  const text = file.replace(/^\uFEFF/, "");
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        field += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ",") {
      record.push(field);
      field = "";
    } else if (character === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index += 1;
    } else {
      field += character;
    }
  }
  if (field !== "" || record.length > 0) throw new Error("the CSV does not end with CRLF");
  return records;
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

const HEADER_LINE =
  "\uFEFFDate (Africa/Lagos),Transaction ID,Client reference,Provider reference,Service,Product,Recipient,Amount (NGN),Amount (kobo),Charged (NGN),Charged (kobo),Status,Channel,Source IP,Token,PINs,Units,Bonus token\r\n";

describe("exportTransactionsCsv", () => {
  it("writes RFC 4180 with Lagos times and naira, quoting what needs it and neutralising formulas", async () => {
    const { accountId } = await fundedAccount(0n);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await insert(accountId, {
      id: ids[0],
      at: "2026-05-31T23:30:00Z",
      clientReference: "-5",
      productName: 'MTN 1GB, "SME"',
      amount: 28_000n,
    });
    await insert(accountId, {
      id: ids[1],
      at: "2026-05-31T12:00:00Z",
      clientReference: '=HYPERLINK("http://evil.test")',
      providerReference: "@SUM(A1)",
      productName: "line one\nline two",
      recipient: "\t08031234567",
      amount: 5n,
      status: "FAILED",
      channel: "PORTAL",
      sourceIp: "::1",
    });
    await insert(accountId, {
      id: ids[2],
      at: "2026-05-30T08:15:30Z",
      clientReference: "+1",
      productName: null,
      recipient: "\rX",
      amount: 1_234_567n,
      status: "PENDING",
      service: "CABLE_TV",
    });

    const csv = await exportTransactionsCsv(userOf(accountId, "STAFF"), {}, { now: new Date("2026-05-31T23:30:00Z") });
    expect(csv.filename).toBe("transactions-2026-06-01.csv");
    const text = (await collect(csv.chunks)).join("");
    // Identifiers are text formulas (`="…"`): shown exactly as sent, never run; free text keeps the guard.
    const id = (value: string) => `"=""${value.replaceAll('"', '""""')}"""`;
    expect(text).toBe(
      HEADER_LINE +
        `2026-06-01 00:30:00,${id(ids[0]!)},${id("-5")},,Data,"MTN 1GB, ""SME""",${id("08031234567")},280.00,28000,280.00,28000,successful,API,${id("127.0.0.9")},,,,\r\n` +
        `2026-05-31 13:00:00,${id(ids[1]!)},${id('=HYPERLINK("http://evil.test")')},${id("@SUM(A1)")},Data,"line one\nline two",${id("\t08031234567")},0.05,5,0.00,0,failed,Portal,${id("::1")},,,,\r\n` +
        `2026-05-30 09:15:30,${id(ids[2]!)},${id("+1")},,Cable TV,,"'\rX",12345.67,1234567,12345.67,1234567,pending,API,${id("127.0.0.9")},,,,\r\n`,
    );

    const records = readCsv(text);
    expect(records).toHaveLength(4);
    expect(records.every((record) => record.length === 18)).toBe(true);
    expect(records[1]?.[5]).toBe('MTN 1GB, "SME"');
    expect(unwrapTextFormula(records[2]![2]!)).toBe('=HYPERLINK("http://evil.test")');
    expect(records[2]?.[5]).toBe("line one\nline two");
    expect(records[3]?.[6]).toBe("'\rX");
  });

  it("exports only the filtered rows of the caller's account, a page at a time", async () => {
    const own = await fundedAccount(0n);
    const other = await fundedAccount(0n);
    for (let index = 0; index < 5; index += 1) {
      await insert(own.accountId, { at: new Date(Date.UTC(2026, 5, 1, index)).toISOString(), clientReference: `export-${index}` });
    }
    await insert(own.accountId, { at: "2026-06-01T12:00:00Z", clientReference: "export-failed", status: "FAILED" });
    await insert(other.accountId, { at: "2026-06-01T12:00:00Z", clientReference: "export-theirs" });

    const csv = await exportTransactionsCsv(userOf(own.accountId), { status: "SUCCESSFUL" }, { pageSize: 2 });
    const chunks = await collect(csv.chunks);
    // The header, then pages of 2, 2 and 1 rows.
    expect(chunks).toHaveLength(4);
    const records = readCsv(chunks.join(""));
    expect(records.slice(1).map((record) => unwrapTextFormula(record[2]!))).toEqual([
      "export-4",
      "export-3",
      "export-2",
      "export-1",
      "export-0",
    ]);

    const empty = await exportTransactionsCsv(userOf(own.accountId), { search: "nothing-like-this" });
    expect((await collect(empty.chunks)).join("")).toBe(HEADER_LINE);

    // Refused before any byte is produced.
    expect(await codeOf(exportTransactionsCsv(userOf(own.accountId), { accountId: other.accountId }))).toBe("account.not_found");
    expect(await codeOf(exportTransactionsCsv(userOf(null, "OPERATOR"), {}))).toBe("validation.failed");
  });
});
