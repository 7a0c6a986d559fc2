/**
 * The sandbox provider: the embedded default upstream (DESIGN §4). It vends nothing real and keeps
 * no state: every answer is a pure function of the request, so a requery gives the same answer in a
 * fresh process (the reconciler may run in another process after a crash) and tests need no setup.
 *
 * The recipient (phone number, or customer id for bills) picks the outcome by how it ends:
 *
 *   …0000  the vend fails; requery says failed too.
 *   …1111  the vend answers pending (acknowledged, with a reference); requery says successful.
 *   …2222  the upstream times out: the vend waits `timeoutDelayMs` and answers pending with no
 *          reference; requery says failed, because the order never reached the upstream.
 *   …9999  (bills) the customer does not exist: verifyCustomer() answers invalid, and a vend that
 *          skipped verification fails the way a real biller would reject it.
 *   other  successful at once.
 *
 * References, tokens, PINs and customer names come from a SHA-256 of the request's identifying
 * fields (never a clock or a random source), so the same transaction always gets the same ones.
 */
import { createHash } from "node:crypto";
import type { ServiceCode } from "~/schemas/services";
import { SANDBOX_BILL_PRODUCTS, SANDBOX_DATA_PLANS, SANDBOX_NETWORKS, type SandboxBillProduct } from "~/server/seed/catalog";
import type { Delivered, VendOutcome, VendProvider, VendRequest, VerifyOutcome, VerifyRequest } from "./vend-provider";

export interface SandboxProviderOptions {
  /**
   * How long a `…2222` vend waits before giving up, in milliseconds. Short by default so tests and
   * demos stay fast; the point is that the caller sees a slow, unanswered call, not a real time-out.
   */
  timeoutDelayMs?: number;
}

export const SANDBOX_TIMEOUT_DELAY_MS = 50;

/** The ends of a recipient that select a sandbox outcome (docs/integrating.md "Sandbox test recipients"). */
export const SANDBOX_TEST_SUFFIXES = {
  fails: "0000",
  pendingThenSuccessful: "1111",
  timesOut: "2222",
  unknownCustomer: "9999",
} as const;

type Scenario = "successful" | "fails" | "pendingThenSuccessful" | "timesOut" | "unknownCustomer";

const BILL_SERVICES: ReadonlySet<ServiceCode> = new Set<ServiceCode>(["CABLE_TV", "ELECTRICITY", "EDUCATION", "BROADBAND"]);

/** Crockford's base32: upper-case letters and digits without I, L, O and U, which are misread when typed. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const REFERENCE_LENGTH = 20;
const ELECTRICITY_TOKEN_DIGITS = 20;
const EDUCATION_PIN_DIGITS = 12;
const BROADBAND_PIN_DIGITS = 14;
const SANDBOX_TARIFF_KOBO_PER_KWH = 6_250n;

const FIRST_NAMES = [
  "Adaeze",
  "Chinedu",
  "Oluwaseun",
  "Ngozi",
  "Emeka",
  "Funmilayo",
  "Ibrahim",
  "Aisha",
  "Tunde",
  "Chiamaka",
  "Babatunde",
  "Halima",
  "Obinna",
  "Yetunde",
  "Musa",
  "Nneka",
  "Segun",
  "Zainab",
  "Ikechukwu",
  "Folake",
] as const;
const LAST_NAMES = [
  "Okafor",
  "Adeyemi",
  "Bello",
  "Eze",
  "Ogunleye",
  "Abubakar",
  "Nwosu",
  "Balogun",
  "Okonkwo",
  "Lawal",
  "Adebayo",
  "Umar",
  "Chukwu",
  "Olawale",
  "Danjuma",
  "Obi",
  "Afolabi",
  "Yusuf",
  "Nnamdi",
  "Oyelaran",
] as const;
const STREETS = [
  "Allen Avenue",
  "Adeola Odeku Street",
  "Herbert Macaulay Way",
  "Ahmadu Bello Way",
  "Awolowo Road",
  "Bode Thomas Street",
  "Aminu Kano Crescent",
  "Ring Road",
  "Ogunlana Drive",
  "Obafemi Awolowo Way",
] as const;
/** Where each sandbox electricity biller's customers live, for a believable verification address. */
const ELECTRICITY_CITIES: Readonly<Record<string, string>> = {
  "Ikeja Electric": "Ikeja, Lagos",
  "Eko Electric": "Lekki, Lagos",
  "Abuja Electric": "Wuse, Abuja",
  "Ibadan Electric": "Bodija, Ibadan",
};

export class SandboxProvider implements VendProvider {
  readonly name = "sandbox";
  private readonly timeoutDelayMs: number;

  constructor(options: SandboxProviderOptions = {}) {
    this.timeoutDelayMs = options.timeoutDelayMs ?? SANDBOX_TIMEOUT_DELAY_MS;
  }

  async verifyCustomer(request: VerifyRequest): Promise<VerifyOutcome> {
    const biller = billerName(request.service, request.productCode);
    if (request.customerId.trim().endsWith(SANDBOX_TEST_SUFFIXES.unknownCustomer)) {
      return { status: "invalid", reason: `Customer ${request.customerId} was not found at ${biller}.` };
    }
    // Keyed by biller, not product: the same smartcard checked against DStv Padi and DStv Compact is one person.
    const seed = digest("customer", biller, request.customerId);
    const current = request.service === "CABLE_TV" ? currentProduct(biller, seed) : null;
    return {
      status: "valid",
      customerName: `${pick(FIRST_NAMES, seed, 0)} ${pick(LAST_NAMES, seed, 1)}`,
      details: customerDetails(request.service, biller, seed),
      // Renewing the current bouquet costs what the sandbox charges us for it (its cost price).
      renewal: current ? { amount: BigInt(current.costPrice ?? current.price ?? 0), currentBouquet: current.name } : null,
    };
  }

  async vend(request: VendRequest): Promise<VendOutcome> {
    const providerReference = referenceFor(request.transactionId);
    switch (scenarioFor(request)) {
      case "fails":
      case "unknownCustomer":
        return { status: "failed", providerReference, reason: failureReason(request) };
      case "pendingThenSuccessful":
        return { status: "pending", providerReference };
      case "timesOut":
        await sleep(this.timeoutDelayMs);
        // The upstream never acknowledged the order, so there is no reference to report.
        return { status: "pending", providerReference: null };
      case "successful":
        return { status: "successful", providerReference, ...deliveredFor(request) };
    }
  }

  async requery(request: VendRequest & { providerReference: string | null }): Promise<VendOutcome> {
    // The sandbox's "records" are keyed by our transaction id (the upstream's idempotency key), as a
    // real upstream's requery is; the reference the caller may hold is recomputed, not trusted.
    const providerReference = referenceFor(request.transactionId);
    switch (scenarioFor(request)) {
      case "fails":
      case "unknownCustomer":
        return { status: "failed", providerReference, reason: failureReason(request) };
      case "timesOut":
        // DESIGN §4 says only that a time-out is "settled by the reconciler". The sandbox settles it
        // as failed, modelling a request lost on its way: the upstream has no such order, nothing
        // was delivered, and the reconciler reverses the debit. (The other half of the time-out
        // story, an order delivered whose answer was lost, is covered by `…1111`.) An HTTP adapter
        // should only read "no such order" as failed once the upstream could no longer be working
        // on it, never straight after the time-out.
        return { status: "failed", providerReference: null, reason: "The provider never received the order (sandbox time-out)." };
      case "pendingThenSuccessful":
      case "successful":
        return { status: "successful", providerReference, ...deliveredFor(request) };
    }
  }
}

function scenarioFor(request: VendRequest): Scenario {
  // Trimmed only, not reformatted: the purchase flow hands over numbers already normalised.
  const recipient = request.recipient.trim();
  if (recipient.endsWith(SANDBOX_TEST_SUFFIXES.fails)) return "fails";
  if (recipient.endsWith(SANDBOX_TEST_SUFFIXES.pendingThenSuccessful)) return "pendingThenSuccessful";
  if (recipient.endsWith(SANDBOX_TEST_SUFFIXES.timesOut)) return "timesOut";
  // Phones are never verified, so `…9999` means an unknown customer only for bills.
  if (BILL_SERVICES.has(request.service) && recipient.endsWith(SANDBOX_TEST_SUFFIXES.unknownCustomer)) return "unknownCustomer";
  return "successful";
}

function failureReason(request: VendRequest): string {
  const biller = billerName(request.service, request.productCode);
  if (!BILL_SERVICES.has(request.service)) {
    return `Recipient ${request.recipient} was rejected by ${biller} (sandbox test number).`;
  }
  if (request.recipient.trim().endsWith(SANDBOX_TEST_SUFFIXES.unknownCustomer)) {
    return `Customer ${request.recipient} was not found at ${biller}.`;
  }
  return `Customer ${request.recipient} was rejected by ${biller} (sandbox test number).`;
}

/** `SBX-` and 20 base32 characters, e.g. `SBX-7K2M9QXD4TNB8W1RC5HV`: one per transaction. */
function referenceFor(transactionId: string): string {
  const bytes = digest("reference", transactionId);
  let reference = "SBX-";
  for (let index = 0; index < REFERENCE_LENGTH; index++) {
    // 256 is a multiple of 32, so every character is equally likely.
    reference += REFERENCE_ALPHABET[(bytes[index] ?? 0) % REFERENCE_ALPHABET.length];
  }
  return reference;
}

/**
 * What the customer needs to use what was bought (docs/integrating.md "Sandbox test recipients"): electricity a
 * 20-digit prepaid token (plain digits; the meter takes it in any grouping, and a UI may group it in
 * fours) with its units, and for Eko Electric a bonus (FBE) token as Eko issues; education a card, a
 * 12-digit PIN with a WAEC-style serial for WAEC's products; Spectranet a PIN voucher with its serial.
 * The rest are credited to the recipient directly.
 */
function deliveredFor(request: VendRequest): Delivered {
  const seed = digest("token", request.transactionId);
  const biller = billerName(request.service, request.productCode);
  switch (request.service) {
    case "ELECTRICITY": {
      const bonusToken = biller === "Eko Electric" ? digits(digest("bonus", request.transactionId), ELECTRICITY_TOKEN_DIGITS) : null;
      return { token: digits(seed, ELECTRICITY_TOKEN_DIGITS), pins: null, units: unitsFor(request.amount), bonusToken };
    }
    case "EDUCATION": {
      const pin = digits(digest("pin", request.transactionId), EDUCATION_PIN_DIGITS);
      const serial = biller === "WAEC" ? `WRN${digits(digest("serial", request.transactionId), 9)}` : null;
      return { token: pin, pins: [{ serial, pin }], units: null, bonusToken: null };
    }
    case "BROADBAND": {
      if (biller !== "Spectranet") return { token: null };
      const pin = digits(digest("pin", request.transactionId), BROADBAND_PIN_DIGITS);
      return {
        token: pin,
        pins: [{ serial: `SPN${digits(digest("serial", request.transactionId), 8)}`, pin }],
        units: null,
        bonusToken: null,
      };
    }
    case "DATA":
    case "AIRTIME":
    case "CABLE_TV":
      return { token: null };
  }
}

/** The units a payment loads at the sandbox's one tariff, ₦62.50 a kWh, to a tenth: "80.0 kWh" for ₦5,000. */
function unitsFor(amountKobo: bigint): string {
  const tenths = (amountKobo * 10n) / SANDBOX_TARIFF_KOBO_PER_KWH;
  return `${tenths / 10n}.${tenths % 10n} kWh`;
}

function customerDetails(service: ServiceCode, biller: string, seed: Buffer): Record<string, string> {
  switch (service) {
    case "ELECTRICITY":
      return {
        address: `${1 + ((seed[2] ?? 0) % 120)} ${pick(STREETS, seed, 3)}, ${ELECTRICITY_CITIES[biller] ?? "Lagos"}`,
        meterType: "Prepaid",
      };
    case "CABLE_TV":
      // No clock in the sandbox, so the renewal is a day of the month rather than a dated deadline.
      return { currentBouquet: currentPlan(biller, seed), renewalDay: String(1 + ((seed[4] ?? 0) % 28)) };
    case "BROADBAND":
      return { currentPlan: currentPlan(biller, seed) };
    case "EDUCATION":
    case "DATA":
    case "AIRTIME":
      return {};
  }
}

/** The customer's current bouquet or plan: one of the biller's products, the same for the same customer. */
function currentProduct(biller: string, seed: Buffer): SandboxBillProduct | null {
  const products = SANDBOX_BILL_PRODUCTS.filter((product) => product.biller === biller);
  return products.length > 0 ? pick(products, seed, 5) : null;
}

function currentPlan(biller: string, seed: Buffer): string {
  return currentProduct(biller, seed)?.name ?? "Unknown plan";
}

/** Who the order goes to: the biller of a bill product, the network of a data plan or airtime. */
function billerName(service: ServiceCode, productCode: string): string {
  if (BILL_SERVICES.has(service)) {
    return SANDBOX_BILL_PRODUCTS.find((product) => product.id === productCode)?.biller ?? "the biller";
  }
  // Data orders name a plan (e.g. "mtn-1gb-30d"), airtime orders a network (e.g. "mtn").
  const networkId = SANDBOX_DATA_PLANS.find((plan) => plan.id === productCode)?.networkId ?? productCode;
  return SANDBOX_NETWORKS.find((network) => network.id === networkId)?.name ?? "the network";
}

function digest(...parts: string[]): Buffer {
  // The separator keeps ("a", "bc") and ("ab", "c") apart; the ids hashed here never contain NUL.
  return createHash("sha256").update(parts.join("\u0000")).digest();
}

function digits(bytes: Buffer, count: number): string {
  const value = BigInt(`0x${bytes.toString("hex")}`) % 10n ** BigInt(count);
  return value.toString().padStart(count, "0");
}

function pick<T>(items: readonly T[], seed: Buffer, byteIndex: number): T {
  const item = items[(seed[byteIndex] ?? 0) % items.length];
  if (item === undefined) throw new Error("pick() needs a non-empty list");
  return item;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
