"use client";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";

export function AccountName() {
  const trpc = useTRPC();
  const { data: me } = useSuspenseQuery(trpc.session.me.queryOptions());
  return (
    <p className="text-lg font-semibold text-slate-700" data-testid="account-name">
      {me.role === "OPERATOR" ? "Operator" : (me.accountName ?? "—")}
    </p>
  );
}
