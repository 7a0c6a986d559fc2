/**
 * What went wrong with a tRPC call, in plain words, for the portal's pages. The service's error name
 * (tRPC `data.appCode`) picks the message; per-field problems (`data.fieldErrors`) go next to their
 * fields. The Buy pages add the words of a purchase (buy/describe-error.ts), the operator console reads
 * a form's problems with operator/_components/problem.ts; both build on what is here.
 */
import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "~/server/trpc/root";

export const SERVER_NOT_REACHED = "We couldn't reach the server. Check your connection and try again.";
export const SESSION_ENDED = "Your session has ended. Sign in again to continue.";
export const RATE_LIMITED = "Too many requests just now. Wait a moment and try again.";
const UNEXPECTED = "Something went wrong on our side. Please try again.";

export function asTrpcError(error: unknown): TRPCClientError<AppRouter> | null {
  return error instanceof TRPCClientError ? (error as TRPCClientError<AppRouter>) : null;
}

export function appCodeOf(error: unknown): string | null {
  return (asTrpcError(error)?.data?.appCode as string | null | undefined) ?? null;
}

/** Field name → reason, from the service's validation ("email" → "must be an e-mail address"). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const problems = asTrpcError(error)?.data?.fieldErrors ?? [];
  const byField: Record<string, string> = {};
  for (const problem of problems) byField[problem.name] ??= problem.reason;
  return byField;
}

/** A change that failed (creating a key, disabling a user). */
export function describeError(error: unknown): string {
  const trpcError = asTrpcError(error);
  // No data: the answer never arrived (network down, server restarting).
  if (!trpcError?.data) return SERVER_NOT_REACHED;
  switch (appCodeOf(error)) {
    case "unauthorized":
      return SESSION_ENDED;
    case "forbidden":
    case "user.email_taken":
    case "invitation.already_on_team":
    case "invitation.pending":
    case "webhook_endpoint.limit_reached":
    case "webhook_endpoint.disabled":
      return trpcError.message;
    case "key.not_found":
      return "That API key no longer exists. Reload the page to see the current list.";
    case "user.not_found":
      return "That user no longer exists. Reload the page to see the current list.";
    case "invitation.not_found":
      return "That invitation is no longer pending. Reload the page to see the current list.";
    case "webhook_endpoint.not_found":
      return "That endpoint no longer exists. Reload the page to see the current list.";
    case "webhook_delivery.not_found":
      return "That delivery is no longer listed. Reload the page to see the recent ones.";
    case "validation.failed":
      return "Please correct the fields marked below.";
    case "rate_limit.exceeded":
      return RATE_LIMITED;
    default:
      return UNEXPECTED;
  }
}

/** A read that failed: why `what` could not be shown. */
export function describeLoadError(error: unknown, what = "this"): string {
  const code = appCodeOf(error);
  if (code === "unauthorized" || code === "forbidden") return describeError(error);
  return `We couldn't load ${what} just now. Check your connection and try again.`;
}
