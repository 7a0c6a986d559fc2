/**
 * The portal downloads' wrapper and the API's 404 answer with the request id the server gave the
 * request (never one of their own), and every failure is the contract's problem+json.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { UserActor } from "~/server/auth/session";
import { AppError } from "~/server/errors";
import { REQUEST_ID_HEADER } from "~/server/http/request-id";
import { logger } from "~/server/log";
import { noEndpointResponse } from "./error-response";
import { sessionRoute } from "./session-route";

const session = vi.hoisted(() => ({ actor: null as UserActor | null }));
vi.mock("~/server/auth/session", () => ({ getSessionActor: async () => session.actor }));

const owner: UserActor = { kind: "user", userId: "u1", email: "owner@example.test", role: "OWNER", accountId: "a1", sourceIp: "127.0.0.1" };
const requestId = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
const stamped = () => new Request("http://localhost/api/portal/file.csv", { headers: { [REQUEST_ID_HEADER]: requestId } });

beforeEach(() => {
  session.actor = owner;
});

describe("sessionRoute", () => {
  it("answers 401 problem+json without a session, with the server's request id, uncached", async () => {
    session.actor = null;
    const handler = vi.fn();
    const response = await sessionRoute({ signInMessage: "Sign in first." }, handler)(stamped());
    expect(handler).not.toHaveBeenCalled();
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("x-request-id")).toBe(requestId);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({
      type: "https://www.rfc-editor.org/rfc/rfc7235#section-3.1",
      title: "Unauthorized",
      status: 401,
      detail: "Sign in first.",
      errors: [{ name: "generalErrors", reason: "Sign in first." }],
      requestId,
    });
  });

  it("hands the handler the actor and validated params, and stamps its response with the request id", async () => {
    const route = sessionRoute({ signInMessage: "x", params: z.object({ file: z.string() }) }, async ({ actor, params, requestId: id }) =>
      Response.json({ user: actor.userId, file: params.file, id }),
    );
    const response = await route(stamped(), { params: Promise.resolve({ file: "2026-11.csv" }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe(requestId);
    expect(await response.json()).toEqual({ user: "u1", file: "2026-11.csv", id: requestId });
  });

  it("turns an AppError into its problem, and anything else into the fixed 500", async () => {
    const refused = await sessionRoute({ signInMessage: "x" }, async () => {
      throw new AppError("account.not_found", "No such account.");
    })(stamped());
    expect(refused.status).toBe(404);
    expect(refused.headers.get("x-request-id")).toBe(requestId);
    expect(await refused.json()).toMatchObject({ status: 404, errors: [{ name: "account.not_found", reason: "No such account." }] });

    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const crashed = await sessionRoute({ signInMessage: "x" }, async () => {
      throw new Error('relation "secret_table" does not exist');
    })(stamped());
    expect(crashed.status).toBe(500);
    expect(crashed.headers.get("x-request-id")).toBe(requestId);
    expect(await crashed.text()).not.toContain("secret_table");
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ requestId }), "portal download failed");
  });
});

describe("noEndpointResponse", () => {
  it("is a 404 problem+json carrying the server's request id", async () => {
    const response = noEndpointResponse(stamped());
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("x-request-id")).toBe(requestId);
    expect(await response.json()).toMatchObject({ status: 404, title: "Not Found", errors: [{ name: "generalErrors" }] });
  });
});
