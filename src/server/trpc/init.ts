/**
 * tRPC for the portal (create-t3-app's layout): the context, the error translation, and the procedure
 * builders every router uses. Procedures only translate: they call the service layer with ctx.actor.
 *
 * Errors: services throw AppError; a middleware under every procedure turns it into a TRPCError with
 * the code from ERROR_TABLE, and the formatter keeps the AppError name in `data.appCode` (and any
 * per-field problems in `data.fieldErrors`) so forms can react to the exact case.
 *
 * Input, one policy: every procedure declares its whole input with a zod schema at `.input()` (from
 * src/schemas wherever a form or the service checks the same input), and input it refuses is
 * reported exactly as a service's refusal, `validation.failed` with one problem per field, so a client
 * never has to know which layer caught it. (`data.zodError` is therefore always null; it stays until
 * the Buy pages stop reading it.)
 *
 * Anything else is INTERNAL_SERVER_ERROR with a fixed message: its text may hold SQL or paths, so it
 * is logged on the server (logProcedureCall below, or the route handler's onError) and never sent.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { getSignedInSession, type SignedInSession, type UserActor } from "~/server/auth/session";
import { AppError, ERROR_TABLE, isAppError } from "~/server/errors";
import { requestSourceAddress } from "~/server/http/request-source-address";
import { logger } from "~/server/log";
import { invalidInputFromZod } from "~/server/validation/parse-input";

export interface TrpcContext {
  /** The signed-in user of a full session, or null for an anonymous caller and a gated session. */
  actor: UserActor | null;
  /**
   * Any signed-in session, gated ones included (session.ts): only signedInProcedure reads it. Absent
   * (server-side callers made with an actor only): the actor's full session.
   */
  session?: SignedInSession | null;
  /**
   * The request's source address, for the few procedures a signed-out visitor may call (a signed-in
   * actor carries its own). Absent for server-side callers.
   */
  sourceIp?: string | null;
}

export async function createTRPCContext(): Promise<TrpcContext> {
  const session = await getSignedInSession();
  return { actor: session && session.gate === null ? session.actor : null, session, sourceIp: await requestSourceAddress() };
}

const UNEXPECTED_MESSAGE = "Something went wrong on our side. Please try again.";

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const appError = isAppError(cause) ? cause : null;
    const unexpected = error.code === "INTERNAL_SERVER_ERROR" && !appError;
    // tRPC adds the stack unless NODE_ENV is production; we pass it on only in development, and never
    // for an unexpected error (its frames and message may name files, SQL or the database).
    const { stack, ...data } = shape.data;
    const showStack = stack !== undefined && !unexpected && process.env.NODE_ENV === "development";
    return {
      ...shape,
      message: unexpected ? UNEXPECTED_MESSAGE : shape.message,
      data: {
        ...data,
        ...(showStack ? { stack } : {}),
        appCode: appError?.code ?? null,
        fieldErrors: appError?.fieldErrors ?? null,
        zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
      },
    };
  },
});

export const createCallerFactory = t.createCallerFactory;
export const createTRPCRouter = t.router;

/**
 * The translation from the service layer's one error type to tRPC's (DESIGN: one error table). Runs
 * around the `.input()` parser too, whose refusal (BAD_REQUEST caused by a ZodError) becomes the
 * services' validation error; a ZodError anywhere else is a bug and stays a 500.
 */
const appErrorToTrpc = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const { cause, code } = result.error;
  const appError = isAppError(cause) ? cause : code === "BAD_REQUEST" && cause instanceof ZodError ? invalidInputFromZod(cause) : null;
  if (appError) throw new TRPCError({ code: ERROR_TABLE[appError.code].trpc, message: appError.message, cause: appError });
  return result;
});

/**
 * Errors already logged by logProcedureCall, so the route handler's onError (which also sees errors
 * raised before any procedure runs, e.g. an unknown path) does not log them twice.
 */
export const loggedProcedureErrors = new WeakSet<TRPCError>();

/** One log line per procedure call: who, what, how it ended, how long; the stack when unexpected. */
const logProcedureCall = t.middleware(async ({ ctx, path, type, next }) => {
  const startedAt = performance.now();
  const result = await next();
  const line = {
    path,
    type,
    userId: ctx.actor?.userId,
    accountId: ctx.actor?.accountId ?? undefined,
    sourceIp: ctx.actor?.sourceIp ?? ctx.sourceIp ?? undefined,
    latencyMs: Math.round((performance.now() - startedAt) * 10) / 10,
  };
  if (result.ok) {
    logger.info({ ...line, status: 200, outcome: "ok" }, "portal procedure");
    return result;
  }
  const { error } = result;
  loggedProcedureErrors.add(error);
  const appError = isAppError(error.cause) ? error.cause : null;
  const status = getHTTPStatusCodeFromError(error);
  if (!appError && error.code === "INTERNAL_SERVER_ERROR") {
    logger.error({ ...line, status, outcome: "internal_error", err: error.cause ?? error }, "portal procedure failed");
  } else {
    logger.info({ ...line, status, outcome: appError?.code ?? error.code }, "portal procedure");
  }
  return result;
});

// Logging outermost, so its line reports the error after appErrorToTrpc has translated it.
export const publicProcedure = t.procedure.use(logProcedureCall).use(appErrorToTrpc);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError("unauthorized", "Please sign in to continue.");
  // Re-stated so later middlewares and resolvers see a non-null actor.
  return next({ ctx: { actor: ctx.actor } });
});

/**
 * Signed in, even with a session that must first choose a password or set up two-factor sign-in (its
 * gate, session-user.ts): for the few procedures of those pages and the security page. Nothing else
 * may use it.
 */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  const session = ctx.session ?? (ctx.actor ? { actor: ctx.actor, gate: null } : null);
  if (!session) throw new AppError("unauthorized", "Please sign in to continue.");
  return next({ ctx: { actor: session.actor, gate: session.gate } });
});

/**
 * Account owners, and operators acting on an account's behalf; the name says both, since the owner's
 * own pages use accountOwnerProcedure (./own-account-procedures.ts), which admits no operator. The
 * service still checks which account.
 */
export const ownerOrOperatorProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role === "STAFF") throw new AppError("forbidden", "Only the account owner may do this.");
  return next();
});

export const operatorProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "OPERATOR") throw new AppError("forbidden", "Only operators may do this.");
  return next();
});

/**
 * The operator's procedures that are one service call with the signed-in operator and the checked
 * input, as nearly all of the console's are: `operatorCall.mutation(schema, service)`.
 */
export const operatorCall = {
  query: <Schema extends z.ZodType, Result>(schema: Schema, service: (actor: UserActor, input: z.output<Schema>) => Promise<Result>) =>
    operatorProcedure.input(schema).query(({ ctx, input }) => service(ctx.actor, input as z.output<Schema>)),
  mutation: <Schema extends z.ZodType, Result>(schema: Schema, service: (actor: UserActor, input: z.output<Schema>) => Promise<Result>) =>
    operatorProcedure.input(schema).mutation(({ ctx, input }) => service(ctx.actor, input as z.output<Schema>)),
};
