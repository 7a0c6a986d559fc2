"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { linkClass } from "~/components/ui/buttons";
import { useTRPC } from "~/trpc/react";

/**
 * For an operator reading one account's transactions (`/transactions?account=…`): which account, linked
 * back to its page in the console, so the list never reads as anyone's.
 */
export function AccountHeading({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const account = useQuery(trpc.operator.account.queryOptions({ accountId }));
  return (
    <p className="mt-1 text-sm text-slate-700">
      Account:{" "}
      <Link href={`/operator/accounts/${accountId}`} className={`${linkClass} break-words`}>
        {account.data?.name ?? accountId}
      </Link>
      {" · "}
      <Link href="/operator/transactions" className={linkClass}>
        Search every account
      </Link>
    </p>
  );
}
