import { randomUUID } from "node:crypto";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Role } from "~/generated/prisma/enums";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import type { UserActor } from "~/server/auth/session";
import {
  createCallerFactory,
  createTRPCRouter,
  operatorProcedure,
  ownerOrOperatorProcedure,
  protectedProcedure,
  publicProcedure,
  type TrpcContext,
} from "~/server/trpc/init";
import { appRouter } from "~/server/trpc/root";

const createCaller = createCallerFactory(appRouter);

// The hash is never checked here: these tests build the context directly, as a signed-in session would.
const UNUSED_HASH = "$2b$10$abcdefghijklmnopqrstuuE6kyYlN5dBnmPxXIN9BbAjYy2lFZx2W";

async function createUser(role: Role, accountId: string | null): Promise<UserActor> {
  const user = await db.user.create({
    data: { email: `${role.toLowerCase()}-${randomUUID()}@example.test`, passwordHash: UNUSED_HASH, role, accountId },
  });
  return { kind: "user", userId: user.id, email: user.email, role: user.role, accountId: user.accountId, sourceIp: "127.0.0.1" };
}

function contextFor(actor: UserActor | null): TrpcContext {
  return { actor };
}

let ownAccountId: string;
let owner: UserActor;
let staff: UserActor;
let operator: UserActor;

beforeAll(async () => {
  const own = await db.account.create({ data: { name: "Own Reseller Ltd" } });
  const other = await db.account.create({ data: { name: "Other Reseller Ltd" } });
  ownAccountId = own.id;
  owner = await createUser("OWNER", own.id);
  staff = await createUser("STAFF", own.id);
  operator = await createUser("OPERATOR", null);
  // A second tenant whose name must never reach the first tenant's callers.
  await createUser("OWNER", other.id);
});

describe("session.me", () => {
  it("rejects an anonymous caller with UNAUTHORIZED and the AppError name", async () => {
    const error = await createCaller(contextFor(null))
      .session.me()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("UNAUTHORIZED");
    expect((error as TRPCError).cause).toBeInstanceOf(AppError);
    expect(((error as TRPCError).cause as AppError).code).toBe("unauthorized");
  });

  it("returns the caller's own account", async () => {
    await expect(createCaller(contextFor(owner)).session.me()).resolves.toEqual({
      email: owner.email,
      role: "OWNER",
      accountId: ownAccountId,
      accountName: "Own Reseller Ltd",
    });
    await expect(createCaller(contextFor(staff)).session.me()).resolves.toMatchObject({
      role: "STAFF",
      accountId: ownAccountId,
      accountName: "Own Reseller Ltd",
    });
  });

  it("gives operators no account", async () => {
    await expect(createCaller(contextFor(operator)).session.me()).resolves.toEqual({
      email: operator.email,
      role: "OPERATOR",
      accountId: null,
      accountName: null,
    });
  });
});

describe("procedure guards and error translation", () => {
  const probeRouter = createTRPCRouter({
    open: publicProcedure.query(() => "open"),
    signedIn: protectedProcedure.query(() => "signed-in"),
    owners: ownerOrOperatorProcedure.query(() => "owners"),
    operators: operatorProcedure.query(() => "operators"),
    appError: protectedProcedure.query(() => {
      throw new AppError("wallet.insufficient_funds", "Your wallet balance is too low for this purchase.");
    }),
    named: publicProcedure
      .input(z.object({ name: z.string().trim().min(1, "is required"), count: z.number("must be a number") }))
      .query(({ input }) => input.name),
    service: publicProcedure.query(() => parseInput(z.object({ name: z.string().trim().min(1, "is required") }), { name: " " })),
    crash: publicProcedure.query(() => {
      throw new Error('relation "secret_table" does not exist at /srv/app/internal.ts:42');
    }),
  });
  const probe = createCallerFactory(probeRouter);

  async function codeOf(call: Promise<unknown>): Promise<string> {
    try {
      await call;
      return "OK";
    } catch (error) {
      return error instanceof TRPCError ? error.code : "NOT_A_TRPC_ERROR";
    }
  }

  it("lets each role through only the procedures meant for it", async () => {
    const table = await Promise.all(
      [null, staff, owner, operator].map(async (actor) => {
        const caller = probe(contextFor(actor));
        return [
          actor?.role ?? "ANONYMOUS",
          await codeOf(caller.open()),
          await codeOf(caller.signedIn()),
          await codeOf(caller.owners()),
          await codeOf(caller.operators()),
        ];
      }),
    );
    expect(table).toEqual([
      ["ANONYMOUS", "OK", "UNAUTHORIZED", "UNAUTHORIZED", "UNAUTHORIZED"],
      ["STAFF", "OK", "OK", "FORBIDDEN", "FORBIDDEN"],
      ["OWNER", "OK", "OK", "OK", "FORBIDDEN"],
      ["OPERATOR", "OK", "OK", "OK", "OK"],
    ]);
  });

  // Over HTTP so the error formatter runs, as it does for the browser.
  async function callOverHttp(path: string, actor: UserActor | null) {
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: new Request(`http://localhost/api/trpc/${path}`),
      router: probeRouter,
      createContext: () => contextFor(actor),
    });
    const body = (await response.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
    return { status: response.status, error: body.error.json };
  }

  it("turns an AppError into its tRPC code and keeps the name in data.appCode", async () => {
    const { status, error } = await callOverHttp("appError", owner);
    expect(status).toBe(412);
    expect(error.message).toBe("Your wallet balance is too low for this purchase.");
    expect(error.data).toMatchObject({ code: "PRECONDITION_FAILED", appCode: "wallet.insufficient_funds" });
  });

  it("reports input a procedure's schema refuses exactly as a service's refusal: validation.failed, one problem per field", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { name: "  ", count: "3" } }));
    const atInput = await callOverHttp(`named?input=${input}`, null);
    expect(atInput.status).toBe(400);
    expect(atInput.error.data).toMatchObject({
      code: "BAD_REQUEST",
      appCode: "validation.failed",
      fieldErrors: [
        { name: "name", reason: "is required" },
        { name: "count", reason: "must be a number" },
      ],
      zodError: null,
    });
    expect(atInput.error.message).toBe("name: is required; count: must be a number");
    const inService = await callOverHttp("service", null);
    expect({ status: inService.status, data: inService.error.data }).toMatchObject({
      status: 400,
      data: { code: "BAD_REQUEST", appCode: "validation.failed", fieldErrors: [{ name: "name", reason: "is required" }], zodError: null },
    });
  });

  it("turns an unknown error into INTERNAL_SERVER_ERROR without internals", async () => {
    const { status, error } = await callOverHttp("crash", null);
    expect(status).toBe(500);
    expect(error.data).toMatchObject({ code: "INTERNAL_SERVER_ERROR", appCode: null });
    expect(JSON.stringify(error)).not.toMatch(/secret_table|internal\.ts/);
  });
});
