import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServiceCode } from "~/schemas/services";
import { SandboxProvider } from "./sandbox-provider";
import type { VendOutcome, VendProvider, VendRequest } from "./vend-provider";

const REFERENCE = /^SBX-[0-9A-HJKMNP-TV-Z]{20}$/;

/** A representative order per service, with a recipient of the right shape for it. */
const ORDERS: Record<ServiceCode, Omit<VendRequest, "transactionId" | "recipient"> & { recipient: string }> = {
  DATA: { service: "DATA", productCode: "mtn-1gb-30d", recipient: "0803123", amount: 28_000n },
  AIRTIME: { service: "AIRTIME", productCode: "airtel", recipient: "0802123", amount: 50_000n },
  CABLE_TV: { service: "CABLE_TV", productCode: "dstv-compact", recipient: "704123", amount: 1_900_000n },
  ELECTRICITY: { service: "ELECTRICITY", productCode: "ikeja-electric-prepaid", recipient: "450123", amount: 500_000n },
  EDUCATION: { service: "EDUCATION", productCode: "waec-result-checker", recipient: "0805123", amount: 390_000n },
  BROADBAND: { service: "BROADBAND", productCode: "smile-10gb-30d", recipient: "1402123", amount: 550_000n },
};
const SERVICES = Object.keys(ORDERS) as ServiceCode[];

function order(service: ServiceCode, suffix: string, transactionId = `txn-${service}-${suffix}`): VendRequest {
  const base = ORDERS[service];
  return { ...base, recipient: `${base.recipient}${suffix}`, transactionId };
}

function expectedToken(service: ServiceCode): RegExp | null {
  if (service === "ELECTRICITY") return /^\d{20}$/;
  if (service === "EDUCATION") return /^\d{12}$/;
  return null;
}

function expectSuccessful(outcome: VendOutcome, service: ServiceCode): void {
  expect(outcome.status).toBe("successful");
  if (outcome.status !== "successful") return;
  expect(outcome.providerReference).toMatch(REFERENCE);
  const token = expectedToken(service);
  if (token) expect(outcome.token).toMatch(token);
  else expect(outcome.token).toBeNull();
}

/** A vend for the service's recipient ending in `suffix`, then a requery by the reference it answered with. */
async function vendThenRequery(provider: VendProvider, service: ServiceCode, suffix: string) {
  const request = order(service, suffix);
  const vended = await provider.vend(request);
  const requeried = await provider.requery({ ...request, providerReference: vended.providerReference });
  return { request, vended, requeried };
}

describe.each(SERVICES)("SandboxProvider %s", (service) => {
  const provider = new SandboxProvider({ timeoutDelayMs: 5 });

  it("vends an ordinary recipient successfully at once, and requery agrees with the same reference and token", async () => {
    const { vended, requeried } = await vendThenRequery(provider, service, "4567");
    expectSuccessful(vended, service);
    expect(requeried).toEqual(vended);
  });

  it("fails a recipient ending in 0000, with plain words and a reference, and requery says failed too", async () => {
    const { request, vended, requeried } = await vendThenRequery(provider, service, "0000");
    expect(vended.status).toBe("failed");
    if (vended.status !== "failed") return;
    expect(vended.providerReference).toMatch(REFERENCE);
    expect(vended.reason).toContain("(sandbox test number)");
    expect(vended.reason).toContain(request.recipient);
    expect(requeried).toEqual(vended);
  });

  it("answers pending for a recipient ending in 1111, and requery settles it successful", async () => {
    const { vended, requeried } = await vendThenRequery(provider, service, "1111");
    expect(vended.status).toBe("pending");
    expect(vended.providerReference).toMatch(REFERENCE);
    expectSuccessful(requeried, service);
    expect(requeried.providerReference).toBe(vended.providerReference);
  });

  it("times out for a recipient ending in 2222: pending with no reference, and requery says failed", async () => {
    const request = order(service, "2222");
    const vended = await provider.vend(request);
    expect(vended).toEqual({ status: "pending", providerReference: null });
    const requeried = await provider.requery({ ...request, providerReference: null });
    expect(requeried).toEqual({
      status: "failed",
      providerReference: null,
      reason: "The provider never received the order (sandbox time-out).",
    });
  });
});

describe("SandboxProvider outcomes in detail", () => {
  const provider = new SandboxProvider({ timeoutDelayMs: 5 });

  it("names the network or biller in a failure", async () => {
    const data = await provider.vend(order("DATA", "0000"));
    expect(data).toMatchObject({ status: "failed", reason: "Recipient 08031230000 was rejected by MTN (sandbox test number)." });
    const airtime = await provider.vend(order("AIRTIME", "0000"));
    expect(airtime).toMatchObject({ status: "failed", reason: expect.stringContaining("Airtel") });
    const cable = await provider.vend(order("CABLE_TV", "0000"));
    expect(cable).toMatchObject({ status: "failed", reason: "Customer 7041230000 was rejected by DStv (sandbox test number)." });
  });

  it("fails a bill vend for an unknown customer (ending in 9999) as a real biller would, even without verification", async () => {
    const request = order("ELECTRICITY", "9999");
    const vended = await provider.vend(request);
    expect(vended).toMatchObject({ status: "failed", reason: "Customer 4501239999 was not found at Ikeja Electric." });
    expect(await provider.requery({ ...request, providerReference: vended.providerReference })).toEqual(vended);
  });

  it("treats a phone ending in 9999 as an ordinary recipient (phones are not verified)", async () => {
    expectSuccessful(await provider.vend(order("DATA", "9999")), "DATA");
  });

  it("ignores surrounding whitespace in the recipient", async () => {
    const request = order("AIRTIME", "0000");
    expect((await provider.vend({ ...request, recipient: ` ${request.recipient} ` })).status).toBe("failed");
  });

  it("gives the same answer for the same order across instances, as a requery in a fresh process must", async () => {
    for (const service of SERVICES) {
      for (const suffix of ["4567", "0000", "1111"]) {
        const request = order(service, suffix);
        expect(await new SandboxProvider().vend(request)).toEqual(await new SandboxProvider().vend(request));
        const later = { ...request, providerReference: null };
        expect(await new SandboxProvider().requery(later)).toEqual(await new SandboxProvider().requery(later));
      }
    }
  });

  it("gives each transaction its own reference and token", async () => {
    const references = new Set<string>();
    const tokens = new Set<string>();
    for (let index = 0; index < 50; index++) {
      const outcome = await provider.vend(order("ELECTRICITY", "4567", `txn-${index}`));
      if (outcome.status !== "successful" || outcome.token === null) throw new Error("expected a token");
      references.add(outcome.providerReference);
      tokens.add(outcome.token);
    }
    expect(references.size).toBe(50);
    expect(tokens.size).toBe(50);
  });

  it("gives an electricity token and an education PIN that differ from each other for one transaction id", async () => {
    const electricity = await provider.vend(order("ELECTRICITY", "4567", "txn-shared"));
    const education = await provider.vend(order("EDUCATION", "4567", "txn-shared"));
    if (electricity.status !== "successful" || education.status !== "successful") throw new Error("expected success");
    expect(electricity.providerReference).toBe(education.providerReference);
    expect(electricity.token?.slice(0, 12)).not.toBe(education.token);
  });

  it("waits at least timeoutDelayMs before answering a time-out, and not for ordinary recipients", async () => {
    const slow = new SandboxProvider({ timeoutDelayMs: 120 });
    let started = performance.now();
    await slow.vend(order("DATA", "2222"));
    // Timers may fire a millisecond early against performance.now(); allow for it.
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);

    started = performance.now();
    await slow.vend(order("DATA", "4567"));
    await slow.requery({ ...order("DATA", "2222"), providerReference: null });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("waits only a short time by default", async () => {
    const started = performance.now();
    await new SandboxProvider().vend(order("AIRTIME", "2222"));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(45);
    expect(elapsed).toBeLessThan(1_000);
  });
});

describe("SandboxProvider.verifyCustomer", () => {
  const provider = new SandboxProvider();

  it("rejects a customer id ending in 9999, naming the biller", async () => {
    expect(await provider.verifyCustomer({ service: "CABLE_TV", productCode: "gotv-max", customerId: "7012349999" })).toEqual({
      status: "invalid",
      reason: "Customer 7012349999 was not found at GOtv.",
    });
  });

  it("accepts other customers with a stable two-part name", async () => {
    const request = { service: "ELECTRICITY", productCode: "eko-electric-prepaid", customerId: "45012345678" } as const;
    const first = await provider.verifyCustomer(request);
    expect(first.status).toBe("valid");
    if (first.status !== "valid") return;
    expect(first.customerName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(await new SandboxProvider().verifyCustomer(request)).toEqual(first);
  });

  it("accepts the vend test recipients: their outcome is decided at vend time", async () => {
    for (const suffix of ["0000", "1111", "2222"]) {
      const outcome = await provider.verifyCustomer({ service: "BROADBAND", productCode: "smile-10gb-30d", customerId: `140212${suffix}` });
      expect(outcome.status).toBe("valid");
    }
  });

  it("gives different customers different names (mostly)", async () => {
    const names = new Set<string>();
    for (let index = 0; index < 30; index++) {
      const outcome = await provider.verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: `70412${index}` });
      if (outcome.status === "valid") names.add(outcome.customerName);
    }
    expect(names.size).toBeGreaterThan(15);
  });

  it("gives the same customer the same name across one biller's products", async () => {
    const padi = await provider.verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: "7041234567" });
    const premium = await provider.verifyCustomer({ service: "CABLE_TV", productCode: "dstv-premium", customerId: "7041234567" });
    expect(premium).toEqual(padi);
  });

  it("describes an electricity customer by address and meter type", async () => {
    const outcome = await provider.verifyCustomer({
      service: "ELECTRICITY",
      productCode: "ibadan-electric-prepaid",
      customerId: "45012345678",
    });
    if (outcome.status !== "valid") throw new Error("expected valid");
    expect(outcome.details.meterType).toBe("Prepaid");
    expect(outcome.details.address).toMatch(/^\d+ .+, Bodija, Ibadan$/);
  });

  it("describes a cable customer by a bouquet of that biller and a renewal day", async () => {
    const outcome = await provider.verifyCustomer({ service: "CABLE_TV", productCode: "gotv-jinja", customerId: "7012345678" });
    if (outcome.status !== "valid") throw new Error("expected valid");
    expect(outcome.details.currentBouquet).toMatch(/^GOtv /);
    expect(Number(outcome.details.renewalDay)).toBeGreaterThanOrEqual(1);
    expect(Number(outcome.details.renewalDay)).toBeLessThanOrEqual(28);
  });

  it("describes a broadband customer by a plan of that biller", async () => {
    const outcome = await provider.verifyCustomer({ service: "BROADBAND", productCode: "spectranet-20gb-30d", customerId: "1402345678" });
    if (outcome.status !== "valid") throw new Error("expected valid");
    expect(outcome.details.currentPlan).toMatch(/^Spectranet /);
  });
});

describe("getVendProvider", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function freshModule() {
    vi.resetModules();
    return import("./index");
  }

  it("returns one sandbox provider by default", async () => {
    vi.stubEnv("VEND_PROVIDER", undefined);
    const { getVendProvider } = await freshModule();
    const provider = getVendProvider();
    // A fresh module graph has its own SandboxProvider class, so compare by name rather than instanceof.
    expect(provider.constructor.name).toBe("SandboxProvider");
    expect(provider.name).toBe("sandbox");
    expect(getVendProvider()).toBe(provider);
  });

  it("selects the sandbox by name, and treats a blank value as the default", async () => {
    const { createVendProvider } = await freshModule();
    expect(createVendProvider("sandbox").name).toBe("sandbox");
    expect(createVendProvider(" sandbox ").name).toBe("sandbox");
    expect(createVendProvider("").name).toBe("sandbox");
  });

  it("rejects an unknown VEND_PROVIDER with a message naming the value and the choices", async () => {
    const { createVendProvider } = await freshModule();
    expect(() => createVendProvider("acme")).toThrow('Unknown VEND_PROVIDER "acme": expected one of "sandbox", "http", "vtpass".');
    // Through the environment it never gets that far: the environment is refused when first read.
    vi.stubEnv("VEND_PROVIDER", "acme");
    await expect(freshModule()).rejects.toThrow(/VEND_PROVIDER: .*"sandbox"\|"http"\|"vtpass"/);
  });

  it("lets a test substitute a provider, and restores the configured one on null", async () => {
    vi.stubEnv("VEND_PROVIDER", "sandbox");
    const { getVendProvider, setVendProviderForTests } = await freshModule();
    const configured = getVendProvider();
    const calls: string[] = [];
    const counting: VendProvider = {
      name: "counting",
      verifyCustomer: (request) => configured.verifyCustomer(request),
      vend: (request) => {
        calls.push(request.transactionId);
        return configured.vend(request);
      },
      requery: (request) => configured.requery(request),
    };
    setVendProviderForTests(counting);
    await getVendProvider().vend(order("DATA", "4567", "txn-counted"));
    expect(calls).toEqual(["txn-counted"]);
    setVendProviderForTests(null);
    expect(getVendProvider()).toBe(configured);
  });
});
