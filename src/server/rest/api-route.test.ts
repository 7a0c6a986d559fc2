/**
 * The REST wrapper's order and error shapes, in process with a route of its own: key → allowlist →
 * body limits (413/415/400) → validation (400 per field) → handler, and no internals in a 500.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { REQUEST_ID_HEADER } from "~/server/http/request-id";
import { SOURCE_ADDRESS_HEADER } from "~/server/ip/source-address";
import { createAccountWithKey } from "~/test/fixtures";
import { apiRoute, MAX_BODY_BYTES } from "./api-route";

const echo = apiRoute(
  { body: z.object({ phone: z.string().regex(/^0\d{10}$/, "must be an 11-digit phone number"), amount: z.int().positive() }) },
  async ({ body }) => ({ status: 201, body: { received: body, big: 5n } }),
);
const explode = apiRoute({}, async () => {
  throw new Error("SELECT secret FROM internals");
});

function post(headers: Record<string, string>, body: string | undefined, from = "127.0.0.1") {
  return echo(
    new Request("http://localhost/api/v1/test", {
      method: "POST",
      headers: { [SOURCE_ADDRESS_HEADER]: from, ...headers },
      body,
    }),
  );
}

describe("apiRoute", () => {
  it("answers 401 before reading anything else", async () => {
    const response = await post({ "content-type": "text/plain" }, "not json");
    expect(response.status).toBe(401);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers 403 for a blocked address before looking at the body", async () => {
    const { auth } = await createAccountWithKey({ createdAt: "2026-08-01", allowlist: ["10.0.0.1"] });
    const response = await post({ ...auth, "content-type": "text/plain" }, "x".repeat(MAX_BODY_BYTES * 2), "10.0.0.2");
    expect(response.status).toBe(403);
  });

  it("refuses non-JSON with 415, oversized bodies with 413 and malformed JSON with 400", async () => {
    const { auth } = await createAccountWithKey();
    const json = { ...auth, "content-type": "application/json" };

    const unsupported = await post({ ...auth, "content-type": "text/plain" }, "{}");
    expect(unsupported.status).toBe(415);
    expect((await unsupported.json()).errors[0].name).toBe("generalErrors");

    const tooLarge = await post(json, JSON.stringify({ phone: "x".repeat(MAX_BODY_BYTES) }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("content-type")).toContain("application/problem+json");

    const malformed = await post(json, "{ not json");
    expect(malformed.status).toBe(400);
    const body = await malformed.json();
    expect(body.errors).toEqual([{ name: "generalErrors", reason: body.detail }]);
  });

  it("reports each invalid field by its path, and passes valid input through with bigint as a JSON integer", async () => {
    const { auth } = await createAccountWithKey();
    const json = { ...auth, "content-type": "application/json; charset=utf-8" };

    const invalid = await post(json, JSON.stringify({ phone: "123", amount: -1 }));
    expect(invalid.status).toBe(400);
    const problem = await invalid.json();
    expect(problem.errors.map((error: { name: string }) => error.name).sort()).toEqual(["amount", "phone"]);

    const single = await post(json, JSON.stringify({ phone: "123", amount: 5 }));
    const singleProblem = await single.json();
    expect(singleProblem.errors).toEqual([{ name: "phone", reason: "must be an 11-digit phone number" }]);
    expect(singleProblem.detail).toBe("must be an 11-digit phone number");

    const ok = await post(json, JSON.stringify({ phone: "08031234567", amount: 5, extra: true }));
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ received: { phone: "08031234567", amount: 5 }, big: 5 });
  });

  it("takes a request without a body as {} where the body is optional, and holds a body that is sent to the usual rules", async () => {
    const { auth } = await createAccountWithKey();
    const optional = apiRoute({ body: z.object({ hours: z.int().default(24) }), optionalBody: true }, async ({ body }) => ({ body }));
    const send = (headers: Record<string, string>, body?: string) =>
      optional(
        new Request("http://localhost/api/v1/test", {
          method: "POST",
          headers: { ...auth, [SOURCE_ADDRESS_HEADER]: "127.0.0.1", ...headers },
          // Bytes, so that no Content-Type is added to a body sent without one (a string body gets text/plain).
          body: body === undefined ? undefined : new TextEncoder().encode(body),
        }),
      );

    for (const [headers, body] of [
      [{}, undefined],
      [{ "content-type": "application/json" }, undefined],
      [{ "content-type": "application/json" }, ""],
    ] as const) {
      const none = await send(headers, body);
      expect(none.status, JSON.stringify(headers)).toBe(200);
      expect(await none.json()).toEqual({ hours: 24 });
    }
    expect(await (await send({ "content-type": "application/json" }, '{"hours":2}')).json()).toEqual({ hours: 2 });
    expect((await send({ "content-type": "application/json" }, '{"hours":"x"}')).status).toBe(400);
    expect((await send({ "content-type": "application/json" }, "{")).status).toBe(400);
    expect((await send({ "content-type": "text/plain" }, '{"hours":2}')).status).toBe(415);
    expect((await send({ "content-type": "text/plain" })).status).toBe(415);
    // Bytes without a Content-Type are not "no body".
    expect((await send({}, '{"hours":2}')).status).toBe(415);
    expect((await send({}, "x".repeat(MAX_BODY_BYTES + 1))).status).toBe(413);
    // Where the body is required, none is still a 415.
    expect((await post(auth, undefined)).status).toBe(415);
  });

  it("ignores the query string of a route that takes none, even a NUL in it (found by the fuzz test)", async () => {
    const { auth } = await createAccountWithKey();
    const plain = apiRoute({}, async () => ({ body: { ok: true } }));
    const response = await plain(
      new Request("http://localhost/api/v1/test?__proto__=%00&x=%ED%A0%80", { headers: { ...auth, [SOURCE_ADDRESS_HEADER]: "127.0.0.1" } }),
    );
    expect(response.status).toBe(200);
  });

  it("answers with the request id the server stamped on the request", async () => {
    const response = await post({ [REQUEST_ID_HEADER]: "4f5c2a8e-1d3b-4c6f-9a7e-2b8d0c1e3f4a" }, undefined);
    expect(response.headers.get("x-request-id")).toBe("4f5c2a8e-1d3b-4c6f-9a7e-2b8d0c1e3f4a");
  });

  it("turns an unexpected error into a 500 problem with nothing internal in it", async () => {
    const { auth } = await createAccountWithKey();
    const response = await explode(new Request("http://localhost/x", { headers: { ...auth, [SOURCE_ADDRESS_HEADER]: "127.0.0.1" } }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("SELECT");
    expect(JSON.parse(text)).toMatchObject({ status: 500, errors: [{ name: "generalErrors" }] });
  });
});
