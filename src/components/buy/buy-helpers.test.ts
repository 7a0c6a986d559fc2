import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { clientReference } from "~/schemas/purchases";
import { newClientReference } from "./client-reference";
import { describePurchaseError, NOT_REACHED } from "./describe-error";
import { readPhone } from "./order-fields";
import { marginOf, validityText } from "./plan-list";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function serverError(appCode: string | null, message: string, code = "UNPROCESSABLE_CONTENT") {
  // The shape the portal's error formatter sends (src/server/trpc/init.ts).
  return new TRPCClientError(message, {
    result: { error: { message, code: -32000, data: { code, httpStatus: 422, appCode, fieldErrors: null, zodError: null } } },
  } as never);
}

describe("newClientReference", () => {
  it("is a v4 UUID that the API accepts as a clientReference, new every time", () => {
    const first = newClientReference();
    expect(first).toMatch(UUID_V4);
    expect(clientReference.safeParse(first).success).toBe(true);
    expect(newClientReference()).not.toBe(first);
  });

  it("still makes one where crypto.randomUUID is missing (plain http off localhost)", () => {
    // Only getRandomValues, as in a browser page served over plain http.
    const insecureContext: Pick<Crypto, "getRandomValues"> = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const references = new Set(Array.from({ length: 100 }, () => newClientReference(insecureContext)));
    expect(references.size).toBe(100);
    for (const reference of references) expect(reference).toMatch(UUID_V4);
  });
});

describe("describePurchaseError", () => {
  it("names the charge and the balance when the wallet is short", () => {
    const text = describePurchaseError(
      serverError("wallet.insufficient_funds", "The wallet balance does not cover this purchase of 28000 kobo.", "PRECONDITION_FAILED"),
      {
        charge: 28_000n,
        balance: 10_000n,
      },
    );
    expect(text).toBe(
      "Not enough money in the wallet: this purchase costs ₦280.00 and the balance is ₦100.00. Ask the account owner to fund the wallet, then try again. Nothing was charged.",
    );
  });

  it("points to the dashboard when the short wallet is the test wallet", () => {
    const text = describePurchaseError(
      serverError("wallet.insufficient_funds", "The wallet balance does not cover this purchase.", "PRECONDITION_FAILED"),
      {
        charge: 28_000n,
        balance: 0n,
        livemode: false,
      },
    );
    expect(text).toBe(
      "Not enough money in the test wallet: this purchase costs ₦280.00 and the balance is ₦0.00. The account owner can top it up or reset it on the dashboard, then try again. Nothing was charged.",
    );
  });

  it("gives amount bounds in naira, not kobo", () => {
    const text = describePurchaseError(serverError("amount.out_of_range", "MTN airtime must be between 5000 and 5000000 kobo."), {
      bounds: { min: 5_000n, max: 5_000_000n },
    });
    expect(text).toBe("The amount must be between ₦50.00 and ₦50,000.00. Nothing was charged.");
  });

  it("keeps the biller's own words for an unknown customer", () => {
    expect(describePurchaseError(serverError("customer.invalid", "Customer 7012349999 was not found at GOtv."))).toBe(
      "Customer 7012349999 was not found at GOtv. Check the number and try again. Nothing was charged.",
    );
  });

  it("says a withdrawn plan or network is not on sale, and that nothing was charged", () => {
    for (const name of ["plan.unavailable", "network.unavailable"]) {
      const text = describePurchaseError(serverError(name, "The data plan 'x' is not on sale now. See GET /api/v1/plans."));
      expect(text).toMatch(/not on sale|withdrawn/);
      expect(text).toMatch(/Nothing was charged\.$/);
      expect(text).not.toMatch(/GET \/api/); // the API's wording is for developers, not for the person buying
    }
  });

  it("says a lost answer may have gone through, and that retrying is safe", () => {
    expect(describePurchaseError(new TypeError("Failed to fetch"))).toBe(NOT_REACHED);
    expect(describePurchaseError(new TRPCClientError("Failed to fetch"))).toBe(NOT_REACHED);
    expect(
      describePurchaseError(serverError(null, "Something went wrong on our side. Please try again.", "INTERNAL_SERVER_ERROR")),
    ).toMatch(/never charged twice/);
  });
});

describe("plan facts", () => {
  it("shows validity and a retail plan's margin; a special-price plan has no margin", () => {
    expect(validityText({ validityDays: 1 })).toBe("Valid 1 day");
    expect(validityText({ validityDays: 30 })).toBe("Valid 30 days");
    expect(validityText({ validityDays: null })).toBeNull();
    expect(marginOf({ price: 436_500n, retailPrice: 450_000n })).toBe(13_500n);
    expect(marginOf({ price: 28_000n, retailPrice: null })).toBeNull();
  });
});

describe("order fields", () => {
  it("read a Nigerian mobile number as people type it, in the form the API stores", () => {
    // The three forms taken before, still taken.
    for (const typed of [" +2348031234567 ", "2348031234567", "08031234567"]) expect(readPhone(typed)).toEqual({ value: "08031234567" });
    // With separators, the trunk 0 after 234, and 00 for +.
    for (const typed of [
      "0803 123 4567",
      "+234 803 123 4567",
      "0803-123-4567",
      "0803.123.4567",
      "+234 (0) 803 123 4567",
      "002348031234567",
      "+23408031234567",
      "0803\u00a0123\u00a04567",
    ]) {
      expect(readPhone(typed), typed).toEqual({ value: "08031234567" });
    }
    for (const typed of ["0803", "0803 123 456", "0803 123 45678", "08031234567x", "+1 803 123 4567", "0603 123 4567", "0803_123_4567"]) {
      expect(readPhone(typed), typed).toEqual({ problem: "Enter a Nigerian mobile number such as 0803 123 4567." });
    }
  });
});
