"use client";
/**
 * An account's funding by bank transfer in the console: its Paystack account (asked for on the owner's
 * behalf, with their mobile number, when they cannot do it themselves) and its recent fundings of every
 * channel, with what was taken off each. Manual funding stays in the Wallet panel.
 */
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FundingAccountDetails } from "~/components/funding/funding-account-details";
import { FundingsTable } from "~/components/funding/fundings-table";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { Empty, LoadingRows, QueryLoadError, QueryStates } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { useTRPC } from "~/trpc/react";
import { readProblem } from "../../_components/problem";
import { useRefreshAccount } from "./use-refresh-account";

export function FundingPanel({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const accounts = useQuery(
    trpc.operator.fundingAccounts.queryOptions(
      { accountId },
      // While Paystack assigns it (seconds), ask again until it is there.
      { refetchInterval: (query) => (query.state.data?.data.some((account) => account.status === "pending") ? 2_000 : false) },
    ),
  );
  const fundings = useInfiniteQuery(
    trpc.operator.fundings.infiniteQueryOptions({ accountId, limit: 10 }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );

  return (
    <Panel
      id="funding-heading"
      title="Funding by bank transfer"
      description="The account's own account number, and every credit of its wallet."
    >
      <QueryStates query={accounts} loading={<LoadingRows label="Loading the funding account…" rows={1} />} what="the funding account">
        {({ data, available }) => {
          const account = data[0];
          if (!available) return <Notice tone="warning">Paystack is not configured on this service (PAYSTACK_SECRET_KEY).</Notice>;
          return (
            <div className="space-y-4">
              {account ? (
                <FundingAccountDetails account={account} />
              ) : (
                <p className="text-sm text-slate-600">No account number requested yet.</p>
              )}
              {(!account || account.status === "failed") && <RequestForOwner accountId={accountId} />}
            </div>
          );
        }}
      </QueryStates>
      <h3 className="mt-6 text-sm font-semibold text-slate-800">Recent fundings</h3>
      <div className="mt-2">
        {fundings.isPending ? (
          <LoadingRows label="Loading fundings…" />
        ) : fundings.isError && !fundings.data ? (
          <QueryLoadError query={fundings} what="the fundings" />
        ) : fundings.data.pages[0]?.data.length === 0 ? (
          <Empty>No fundings yet.</Empty>
        ) : (
          <>
            <FundingsTable items={fundings.data.pages.flatMap((page) => page.data)} label="Fundings of this account, newest first" />
            {fundings.hasNextPage && (
              <button
                type="button"
                className={`mt-3 ${buttonClass("secondary", "sm")}`}
                disabled={fundings.isFetchingNextPage}
                onClick={() => void fundings.fetchNextPage()}
              >
                {fundings.isFetchingNextPage ? "Loading…" : "Show older fundings"}
              </button>
            )}
          </>
        )}
      </div>
    </Panel>
  );
}

function RequestForOwner({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const request = useMutation(trpc.operator.requestFundingAccount.mutationOptions({ onSuccess: () => refresh() }));
  const [phone, setPhone] = useState("");
  const problem = request.error ? readProblem(request.error) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ accountId, phone });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Request an account number" className="flex max-w-xl flex-wrap items-end gap-3">
      {problem && !problem.fieldErrors.phone && <ErrorAlert className="w-full">{problem.message}</ErrorAlert>}
      <div className="min-w-56 flex-1">
        <TextField
          id="funding-phone"
          label="Owner's mobile number"
          hint="Paystack needs it for the account holder."
          error={problem?.fieldErrors.phone}
          name="phone"
          inputMode="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      </div>
      <button type="submit" disabled={request.isPending} className={buttonClass("secondary")}>
        {request.isPending ? "Asking Paystack…" : "Request for the owner"}
      </button>
    </form>
  );
}
