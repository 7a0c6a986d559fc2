"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

/**
 * After any change on the account page: every operator query is stale (balance, ledger, allowlist
 * counts in the account list, the audit log), and the ones on screen refetch at once.
 */
export function useRefreshAccount(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.operator.pathFilter());
}
