/**
 * An unexpected error in a /api/v1 handler: its stack goes to the request's log line, at level error,
 * and nothing of it reaches the client, which gets the fixed 500 and the request id to quote.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { logger } from "~/server/log";
import { createAccountWithKey } from "~/test/fixtures";
import { apiRoute } from "./api-route";

const explode = apiRoute({}, async () => {
  throw new Error("SELECT secret FROM internals");
});

afterEach(() => vi.restoreAllMocks());

describe("apiRoute's log of an unexpected error", () => {
  it("logs the stack with the request id and outcome, and answers a bare 500", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const { accountId, auth } = await createAccountWithKey();
    const response = await explode(
      new Request("http://localhost/api/v1/explode", { headers: { [SOURCE_ADDRESS_HEADER]: "127.0.0.1", ...auth } }),
    );

    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("internals");
    expect(text).not.toContain("api-route");

    expect(logged).toHaveBeenCalledTimes(1);
    const [fields, message] = logged.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe("api request failed");
    expect(fields).toMatchObject({
      requestId: response.headers.get("x-request-id"),
      route: "/api/v1/explode",
      status: 500,
      outcome: "internal_error",
      accountId,
    });
    expect((fields.err as Error).stack).toContain("SELECT secret FROM internals");
    expect((fields.err as Error).stack).toContain("api-route-log.test.ts");
  });
});
