import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { describeError, describeLoadError, fieldErrorsOf, SERVER_NOT_REACHED, SESSION_ENDED } from "./describe-error";

function serverError(appCode: string | null, message: string, fieldErrors: { name: string; reason: string }[] | null = null) {
  // The shape the portal's error formatter sends (src/server/trpc/init.ts).
  return new TRPCClientError(message, {
    result: { error: { message, code: -32000, data: { code: "BAD_REQUEST", httpStatus: 400, appCode, fieldErrors, zodError: null } } },
  } as never);
}

describe("describeLoadError", () => {
  it("names what could not be loaded, unless the session ended or the read was refused", () => {
    expect(describeLoadError(new TypeError("Failed to fetch"), "your transactions")).toBe(
      "We couldn't load your transactions just now. Check your connection and try again.",
    );
    expect(describeLoadError(serverError(null, "Something went wrong on our side."))).toBe(
      "We couldn't load this just now. Check your connection and try again.",
    );
    expect(describeLoadError(serverError("unauthorized", "Sign in first."), "your dashboard")).toBe(SESSION_ENDED);
    expect(describeLoadError(serverError("forbidden", "Only the account owner can see API keys."))).toBe(
      "Only the account owner can see API keys.",
    );
  });
});

describe("describeError", () => {
  it("says a lost answer is a connection problem, and puts the service's refusals in plain words", () => {
    expect(describeError(new TRPCClientError("Failed to fetch"))).toBe(SERVER_NOT_REACHED);
    expect(describeError(serverError("user.email_taken", "A user with the e-mail a@b.test already exists."))).toBe(
      "A user with the e-mail a@b.test already exists.",
    );
    expect(describeError(serverError("key.not_found", "API key not found."))).toBe(
      "That API key no longer exists. Reload the page to see the current list.",
    );
    expect(describeError(serverError("webhook_endpoint.disabled", "The endpoint is disabled; enable it first."))).toBe(
      "The endpoint is disabled; enable it first.",
    );
    expect(describeError(serverError("webhook_endpoint.not_found", "No such webhook endpoint."))).toBe(
      "That endpoint no longer exists. Reload the page to see the current list.",
    );
  });

  it("hands each field its own problem, the first one when a field has several", () => {
    const error = serverError("validation.failed", "Invalid input.", [
      { name: "email", reason: "must be an e-mail address" },
      { name: "email", reason: "must be at most 254 characters" },
      { name: "name", reason: "must be at most 200 characters" },
    ]);
    expect(fieldErrorsOf(error)).toEqual({ email: "must be an e-mail address", name: "must be at most 200 characters" });
    expect(describeError(error)).toBe("Please correct the fields marked below.");
  });
});
