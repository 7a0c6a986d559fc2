/**
 * A fake Paystack: a real node:http server on a random loopback port speaking the parts of Paystack's
 * documented API that funding by bank transfer uses (https://paystack.com/docs/api/), with the secret
 * key checked on every request (`Authorization: Bearer sk_…`, else 401):
 *
 * - POST /customer (an existing email returns that customer), POST /dedicated_account/assign (answered
 *   "in progress"; the account is assigned a moment later and announced by a signed
 *   `dedicatedaccount.assign.success` webhook, or `.failed` for an email scripted to fail),
 *   GET /dedicated_account?customer=&active=, GET /dedicated_account/available_providers;
 * - GET /transaction/verify/:reference ("Transaction reference not found" with 400 for an unknown one),
 *   GET /transaction?status=&from=&to=&perPage=&page= with `meta.pageCount`.
 *
 * Money arrives with `transfer()`: a bank transfer to one of its dedicated accounts becomes a
 * `dedicated_nuban` transaction in its own ledger (1% fee, capped at ₦300, as Paystack prices
 * dedicated accounts) and a `charge.success` webhook signed with x-paystack-signature (HMAC-SHA512 of
 * the body) and POSTed to `webhookUrl`, retried on anything but a 2xx on `retryScheduleMs`, as Paystack
 * retries. Tests judge by its books: the transactions (what was paid), every webhook attempt and its
 * answer, and how often each reference was verified.
 *
 * Faults: `inject("verify" | "list" | "assign" | "customer", fault)` for the next `times` requests (a hang,
 * a 5xx page, a malformed body); `verifyDelayMs` slows every verify (a crash test's window); `webhooks`
 * "send" or "drop" (a webhook that never arrives, for the reconciler to find).
 *
 * For a person (docs/operating.md "Funding by bank transfer", the dev demo) and for browser tests, the same
 * transfer is one HTTP call: POST /_fake/transfers `{ "account_number", "amount", "sender_name"? }`;
 * POST /_fake/accounts makes a dedicated account no customer of ours owns (its transfers match nothing).
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PAYSTACK_SIGNATURE_HEADER, paystackSignature } from "~/server/providers/paystack/paystack-signature";

export type PaystackPath = "verify" | "list" | "assign" | "customer";
export type PaystackFault = ({ kind: "hang" } | { kind: "status"; status: number } | { kind: "malformed" }) & { times?: number };

export interface FakeCustomer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  metadata: Record<string, unknown> | null;
}

export interface FakeDedicatedAccount {
  id: number;
  account_name: string;
  account_number: string;
  bank: { id: number; name: string; slug: string };
  active: boolean;
  customerCode: string;
}

export interface FakeTransaction {
  id: number;
  reference: string;
  amount: number;
  fees: number;
  status: "success";
  channel: "dedicated_nuban";
  currency: string;
  paid_at: string;
  created_at: string;
  customer: FakeCustomer;
  account: FakeDedicatedAccount;
  sender: { name: string; bank: string; accountNumber: string };
}

export interface WebhookAttempt {
  event: string;
  /** The transaction reference, or the customer code of an assignment event. */
  subject: string;
  /** The HTTP status our server answered, or null when the request failed (refused, reset, killed). */
  status: number | null;
  at: number;
}

export interface TransferOptions {
  accountNumber: string;
  /** Kobo. */
  amount: number;
  payerName?: string;
  payerBank?: string;
  reference?: string;
  currency?: string;
  /** Paid this long ago (for the reconciler's window); now by default. */
  paidAt?: Date;
  /** False: this transfer's webhook is never sent, whatever `webhooks` says (the reconciler must find it). */
  webhook?: boolean;
}

export interface FakePaystack {
  baseUrl: string;
  secretKey: string;
  /** Where webhooks go; set it once the server under test listens. */
  webhookUrl: string | null;
  /** "drop": record transactions but send no webhook (the reconciler must find them). */
  webhooks: "send" | "drop";
  /** Pauses before each retry of an unanswered webhook. */
  retryScheduleMs: number[];
  /** How long the assignment takes after /dedicated_account/assign. */
  assignDelayMs: number;
  /** Added to every verify (a window in which a server can be killed between verify and credit). */
  verifyDelayMs: number;
  customers: Map<string, FakeCustomer>;
  accounts: FakeDedicatedAccount[];
  transactions: Map<string, FakeTransaction>;
  webhookAttempts: WebhookAttempt[];
  /** Every event the fake made, sent or not (webhookUrl unset, webhooks dropped), as Paystack would sign and send it. */
  events: { event: string; body: string }[];
  /** POST /customer and POST /dedicated_account/assign calls. */
  customerRequests: number;
  assignRequests: number;
  /** GET /transaction/verify calls, by reference. */
  verifications: Map<string, number>;
  listRequests: number;
  unauthorized: number;
  /** Webhook requests sent and not yet answered (a crash test kills the server while there are some). */
  deliveriesInFlight: number;
  /** Emails whose assignment Paystack fails (`dedicatedaccount.assign.failed`). */
  failAssignmentFor: Set<string>;
  inject(path: PaystackPath, fault: PaystackFault): void;
  /** A bank transfer to one of the fake's dedicated accounts: recorded, then announced (unless webhooks are dropped). */
  transfer(options: TransferOptions): Promise<FakeTransaction>;
  /** The exact bytes and signature of a transaction's charge.success webhook, for a test to send itself. */
  chargeSuccess(reference: string): { body: string; signature: string };
  /** Sends a transaction's webhook (again), with retries; resolves when delivered or given up. */
  sendChargeSuccess(reference: string): Promise<boolean>;
  /** A dedicated account of a customer our service never asked for (made on Paystack's dashboard): its transfers match nothing. */
  createUnknownAccount(): FakeDedicatedAccount;
  /** Resolves when no webhook is on its way or waiting for a retry. */
  idle(): Promise<void>;
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const BANKS: Record<string, { id: number; name: string }> = {
  "wema-bank": { id: 20, name: "Wema Bank" },
  "titan-paystack": { id: 199, name: "Paystack-Titan" },
  "test-bank": { id: 1, name: "Test Bank" },
};

export async function startFakePaystack(options: { secretKey?: string; port?: number } = {}): Promise<FakePaystack> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
  const faults = new Map<PaystackPath, PaystackFault[]>();
  const hanging = new Set<http.ServerResponse>();
  const inFlight = new Set<Promise<unknown>>();
  let sequence = 1000;
  let closed = false;

  const fake: FakePaystack = {
    baseUrl: "",
    secretKey,
    webhookUrl: null,
    webhooks: "send",
    retryScheduleMs: [100, 300, 1000, 2000, 4000],
    assignDelayMs: 20,
    verifyDelayMs: 0,
    customers: new Map(),
    accounts: [],
    transactions: new Map(),
    webhookAttempts: [],
    events: [],
    customerRequests: 0,
    assignRequests: 0,
    verifications: new Map(),
    listRequests: 0,
    unauthorized: 0,
    deliveriesInFlight: 0,
    failAssignmentFor: new Set(),
    inject: (path, fault) => void faults.set(path, [...(faults.get(path) ?? []), fault]),
    async transfer(transfer) {
      const account = fake.accounts.find((candidate) => candidate.account_number === transfer.accountNumber);
      if (!account) throw new Error(`the fake has no dedicated account ${transfer.accountNumber}`);
      const customer = [...fake.customers.values()].find((candidate) => candidate.customer_code === account.customerCode)!;
      const reference = transfer.reference ?? `T${Date.now()}${randomBytes(5).toString("hex")}`;
      if (fake.transactions.has(reference)) throw new Error(`the fake already has a transaction ${reference}`);
      const paidAt = (transfer.paidAt ?? new Date()).toISOString();
      const transaction: FakeTransaction = {
        id: (sequence += 1),
        reference,
        amount: transfer.amount,
        fees: Math.min(Math.ceil(transfer.amount / 100), 30_000),
        status: "success",
        channel: "dedicated_nuban",
        currency: transfer.currency ?? "NGN",
        paid_at: paidAt,
        created_at: paidAt,
        customer,
        account,
        sender: {
          name: transfer.payerName ?? "ADAEZE OKONKWO",
          bank: transfer.payerBank ?? "Guaranty Trust Bank",
          accountNumber: `XXXXXX${String(sequence).slice(-4)}`,
        },
      };
      fake.transactions.set(reference, transaction);
      fake.events.push({ event: "charge.success", body: fake.chargeSuccess(reference).body });
      if (fake.webhooks === "send" && transfer.webhook !== false) void track(fake.sendChargeSuccess(reference));
      return transaction;
    },
    chargeSuccess(reference) {
      const transaction = fake.transactions.get(reference);
      if (!transaction) throw new Error(`the fake has no transaction ${reference}`);
      const body = JSON.stringify({ event: "charge.success", data: transactionData(transaction) });
      return { body, signature: paystackSignature(body, secretKey) };
    },
    sendChargeSuccess: (reference) => deliver("charge.success", reference, fake.chargeSuccess(reference).body),
    createUnknownAccount() {
      const customer = upsertCustomer({ email: `${randomBytes(4).toString("hex")}@elsewhere.test`, first_name: "Walk", last_name: "In" });
      return openAccount(customer, "wema-bank");
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    env: (extra = {}) => ({ PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: fake.baseUrl, PAYSTACK_RETRIES: "1", ...extra }),
    async close() {
      closed = true;
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  function transactionData(transaction: FakeTransaction): Record<string, unknown> {
    const { customer, account, sender } = transaction;
    return {
      id: transaction.id,
      domain: "test",
      status: transaction.status,
      reference: transaction.reference,
      amount: transaction.amount,
      message: null,
      gateway_response: "Approved",
      paid_at: transaction.paid_at,
      created_at: transaction.created_at,
      channel: transaction.channel,
      currency: transaction.currency,
      ip_address: null,
      metadata: { receiver_account_number: account.account_number, receiver_bank: account.bank.name, custom_fields: [] },
      log: null,
      fees: transaction.fees,
      fees_split: null,
      customer: { ...customer, risk_action: "default" },
      authorization: {
        authorization_code: `AUTH_${transaction.reference.slice(-10)}`,
        bin: "413XXX",
        last4: sender.accountNumber.slice(-4),
        exp_month: "01",
        exp_year: "2030",
        channel: "dedicated_nuban",
        card_type: "transfer",
        bank: sender.bank,
        country_code: "NG",
        brand: "Managed Account",
        reusable: false,
        signature: null,
        account_name: null,
        sender_bank: sender.bank,
        sender_bank_account_number: sender.accountNumber,
        sender_country: "NG",
        sender_name: sender.name,
        narration: `NIP: ${sender.name} -${transaction.id}`,
        receiver_bank_account_number: account.account_number,
        receiver_bank: account.bank.name,
      },
      plan: null,
      split: {},
      order_id: null,
      paidAt: transaction.paid_at,
      createdAt: transaction.created_at,
      requested_amount: transaction.amount,
      source: null,
    };
  }

  /** POSTs one event to webhookUrl until a 2xx, or until the retry schedule runs out. */
  async function deliver(event: string, subject: string, body: string): Promise<boolean> {
    if (!fake.webhookUrl) return false;
    for (let attempt = 0; !closed; attempt += 1) {
      let status: number | null = null;
      if (fake.webhookUrl) {
        fake.deliveriesInFlight += 1;
        try {
          const answer = await fetch(fake.webhookUrl, {
            method: "POST",
            headers: { "content-type": "application/json", [PAYSTACK_SIGNATURE_HEADER]: paystackSignature(body, secretKey) },
            body,
            signal: AbortSignal.timeout(30_000),
          });
          status = answer.status;
          await answer.arrayBuffer().catch(() => null);
        } catch {
          status = null;
        } finally {
          fake.deliveriesInFlight -= 1;
        }
        fake.webhookAttempts.push({ event, subject, status, at: Date.now() });
        if (status !== null && status >= 200 && status < 300) return true;
      }
      const pause = fake.retryScheduleMs[attempt];
      if (pause === undefined) return false;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    return false;
  }

  function upsertCustomer(body: Record<string, unknown>): FakeCustomer {
    const email = String(body.email).toLowerCase();
    const existing = fake.customers.get(email);
    const customer: FakeCustomer = existing ?? {
      id: (sequence += 1),
      customer_code: `CUS_${randomBytes(8).toString("hex")}`,
      email,
      first_name: null,
      last_name: null,
      phone: null,
      metadata: null,
    };
    for (const field of ["first_name", "last_name", "phone"] as const) if (typeof body[field] === "string") customer[field] = body[field];
    if (body.metadata && typeof body.metadata === "object") customer.metadata = body.metadata as Record<string, unknown>;
    fake.customers.set(email, customer);
    return customer;
  }

  function openAccount(customer: FakeCustomer, slug: string): FakeDedicatedAccount {
    const bank = BANKS[slug] ?? { id: 99, name: slug };
    const account: FakeDedicatedAccount = {
      id: (sequence += 1),
      account_name: `RESELLER/${customer.first_name ?? ""} ${customer.last_name ?? ""}`.trim().toUpperCase(),
      account_number: `99${String(sequence).padStart(8, "0")}`,
      bank: { ...bank, slug },
      active: true,
      customerCode: customer.customer_code,
    };
    fake.accounts.push(account);
    return account;
  }

  function accountData(account: FakeDedicatedAccount): Record<string, unknown> {
    return {
      id: account.id,
      account_name: account.account_name,
      account_number: account.account_number,
      assigned: true,
      currency: "NGN",
      metadata: null,
      active: account.active,
      bank: account.bank,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      assignment: { assignee_type: "Customer", account_type: "PAY-WITH-TRANSFER-RECURRING", expired: false },
    };
  }

  function assignLater(customer: FakeCustomer, slug: string): void {
    setTimeout(() => {
      if (closed) return;
      const failed = fake.failAssignmentFor.has(customer.email);
      const account = failed ? null : openAccount(customer, slug);
      const body = JSON.stringify({
        event: failed ? "dedicatedaccount.assign.failed" : "dedicatedaccount.assign.success",
        data: {
          customer: { ...customer, risk_action: "default" },
          dedicated_account: account ? accountData(account) : null,
          identification: { status: failed ? "failed" : "success" },
        },
      });
      const event = failed ? "dedicatedaccount.assign.failed" : "dedicatedaccount.assign.success";
      fake.events.push({ event, body });
      if (fake.webhooks === "send") void track(deliver(event, customer.customer_code, body));
    }, fake.assignDelayMs);
  }

  function takeFault(path: PaystackPath): PaystackFault | null {
    const list = faults.get(path);
    const fault = list?.[0];
    if (!fault) return null;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) list.shift();
    }
    return fault;
  }

  function json(response: http.ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  function strike(fault: PaystackFault, response: http.ServerResponse): void {
    if (fault.kind === "hang") hanging.add(response);
    else if (fault.kind === "status") response.writeHead(fault.status, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    else response.writeHead(200, { "content-type": "application/json" }).end('{"status":true,"data":{"refer');
  }

  function missing(body: Record<string, unknown>, fields: string[]): string | null {
    return fields.find((field) => typeof body[field] !== "string" || body[field] === "") ?? null;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse, body: Record<string, unknown>): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    const route = `${request.method} ${url.pathname}`;

    if (route === "POST /_fake/transfers") {
      const transaction = await fake.transfer({
        accountNumber: String(body.account_number ?? ""),
        amount: Number(body.amount),
        payerName: typeof body.sender_name === "string" ? body.sender_name : undefined,
      });
      return json(response, 200, { status: true, message: "Transfer received", data: transactionData(transaction) });
    }
    if (route === "POST /_fake/accounts") {
      const account = fake.createUnknownAccount();
      return json(response, 200, { status: true, message: "Dedicated account made on the dashboard", data: accountData(account) });
    }
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      fake.unauthorized += 1;
      return json(response, 401, { status: false, message: "Invalid key" });
    }

    if (route === "POST /customer") {
      fake.customerRequests += 1;
      const fault = takeFault("customer");
      if (fault) return strike(fault, response);
      if (missing(body, ["email"])) return json(response, 400, { status: false, message: "Email is required" });
      return json(response, 200, {
        status: true,
        message: "Customer created",
        data: { ...upsertCustomer(body), integration: 100032, domain: "test" },
      });
    }
    if (route === "POST /dedicated_account/assign") {
      fake.assignRequests += 1;
      const fault = takeFault("assign");
      if (fault) return strike(fault, response);
      const absent = missing(body, ["email", "first_name", "last_name", "phone", "preferred_bank", "country"]);
      if (absent) return json(response, 400, { status: false, message: `${absent} is required` });
      assignLater(upsertCustomer(body), String(body.preferred_bank));
      return json(response, 200, { status: true, message: "Assign dedicated account in progress" });
    }
    if (route === "GET /dedicated_account/available_providers") {
      return json(response, 200, {
        status: true,
        message: "Dedicated account providers retrieved",
        data: Object.entries(BANKS).map(([slug, bank]) => ({ provider_slug: slug, bank_id: bank.id, bank_name: bank.name, id: bank.id })),
      });
    }
    if (route === "GET /dedicated_account") {
      const customerId = url.searchParams.get("customer");
      const activeOnly = url.searchParams.get("active") === "true";
      const codes = new Set(
        [...fake.customers.values()].filter((customer) => String(customer.id) === customerId).map((c) => c.customer_code),
      );
      const accounts = fake.accounts.filter(
        (account) => (customerId === null || codes.has(account.customerCode)) && (!activeOnly || account.active),
      );
      return json(response, 200, { status: true, message: "Managed accounts successfully retrieved", data: accounts.map(accountData) });
    }
    const verify = /^GET \/transaction\/verify\/([^/]+)$/.exec(route);
    if (verify) {
      const reference = decodeURIComponent(verify[1]!);
      fake.verifications.set(reference, (fake.verifications.get(reference) ?? 0) + 1);
      const fault = takeFault("verify");
      if (fault) return strike(fault, response);
      if (fake.verifyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.verifyDelayMs));
      const transaction = fake.transactions.get(reference);
      if (!transaction) return json(response, 400, { status: false, message: "Transaction reference not found" });
      return json(response, 200, { status: true, message: "Verification successful", data: transactionData(transaction) });
    }
    if (route === "GET /transaction") {
      fake.listRequests += 1;
      const fault = takeFault("list");
      if (fault) return strike(fault, response);
      const from = url.searchParams.get("from");
      const to = url.searchParams.get("to");
      const perPage = Number(url.searchParams.get("perPage") ?? 50);
      const page = Number(url.searchParams.get("page") ?? 1);
      const status = url.searchParams.get("status");
      // Newest first, as Paystack lists.
      const matching = [...fake.transactions.values()]
        .filter(
          (transaction) =>
            (!status || transaction.status === status) && (!from || transaction.paid_at >= from) && (!to || transaction.paid_at <= to),
        )
        .sort((a, b) => b.paid_at.localeCompare(a.paid_at));
      const data = matching.slice((page - 1) * perPage, page * perPage).map(transactionData);
      return json(response, 200, {
        status: true,
        message: "Transactions retrieved",
        data,
        meta: {
          total: matching.length,
          skipped: (page - 1) * perPage,
          perPage,
          page,
          pageCount: Math.max(1, Math.ceil(matching.length / perPage)),
        },
      });
    }
    json(response, 404, { status: false, message: `No route ${route}` });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString("utf8");
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return json(response, 400, { status: false, message: "Invalid JSON" });
      }
      handle(request, response, body).catch((error: unknown) => json(response, 400, { status: false, message: String(error) }));
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
