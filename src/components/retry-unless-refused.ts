import { TRPCClientError } from "@trpc/client";

/**
 * For useQuery's `retry`: try a failed read again only when it might succeed (the network, a 5xx).
 * A refusal or "not found" will not change on its own, and retrying it keeps the page on "Loading…".
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: number } | undefined)?.httpStatus : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}
