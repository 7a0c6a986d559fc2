/**
 * Procedures for the account holder's own pages (API keys, allowlist, team). They act on the caller's
 * account only: the account id comes from the session, never from the input, and the service checks
 * it again. Operators have no account of their own and are pointed to the operator console, which
 * calls the same services with an explicit account.
 */
import { AppError } from "~/server/errors";
import { protectedProcedure } from "~/server/trpc/init";

const OPERATOR_MESSAGE = "Operators manage accounts from the operator console.";

/** OWNER and STAFF of an account, with `ctx.accountId` set to it. */
export const accountMemberProcedure = protectedProcedure.use(({ ctx, next }) => {
  const { actor } = ctx;
  if (actor.role === "OPERATOR" || actor.accountId === null) throw new AppError("forbidden", OPERATOR_MESSAGE);
  return next({ ctx: { accountId: actor.accountId } });
});

/** The account's OWNER only. */
export const accountOwnerProcedure = accountMemberProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "OWNER") throw new AppError("forbidden", "Only the account owner may do this.");
  return next();
});
