"use client";
/**
 * The Fund wallet page's body: the funding account (asked for by the owner, with the phone number
 * Paystack requires; shown while the bank assigns it, and why if it could not), what each transfer is
 * credited under the fee policy, test mode's "Simulate a transfer", and the recent fundings.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { FundingAccountDetails } from "~/components/funding/funding-account-details";
import { FundingsTable } from "~/components/funding/fundings-table";
import { formatNaira, readNaira } from "~/components/money";
import { NairaField } from "~/components/naira-field";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { Empty, Loading, LoadingRows, QueryLoadError, QueryStates } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import type { FeePolicy, FundingAccountView } from "~/schemas/funding";
import { useTRPC } from "~/trpc/react";

/** While the bank assigns the account, how often the page asks again. */
const PENDING_REFRESH_MS = 2_000;

export function nextFundingsCursor(page: { nextCursor: string | null }): string | undefined {
  return page.nextCursor ?? undefined;
}

function feePolicyText(policy: FeePolicy): string {
  return policy === "net"
    ? "The payment provider's fee (1% of the transfer, at most ₦300) is taken off each transfer: ₦10,000 sent credits ₦9,900. Each funding below shows its fee."
    : "You are credited the full amount you send: we pay the payment provider's fee.";
}

export function FundWalletPanel({ isOwner, testData }: { isOwner: boolean; testData: boolean }) {
  const trpc = useTRPC();
  const accounts = useQuery(
    trpc.funding.accounts.queryOptions(undefined, {
      refetchInterval: (query) => (query.state.data?.data.some((account) => account.status === "pending") ? PENDING_REFRESH_MS : false),
    }),
  );

  return (
    <div className="mt-6 space-y-6">
      <Panel id="funding-account-heading" title={testData ? "Your simulated account" : "Your account number"}>
        <QueryStates query={accounts} loading={<Loading>Loading your account number…</Loading>} what="your account number">
          {({ data, available }) => {
            const account = data[0];
            if (!available)
              return (
                <Notice tone="warning">
                  Funding by bank transfer is not available on this service yet. To add money to your wallet, pay as your account manager
                  tells you: an operator then records the payment.
                </Notice>
              );
            return (
              <div className="space-y-4">
                {account && <FundingAccountDetails account={account} />}
                {account && account.status === "active" && <p className="text-sm text-slate-600">{feePolicyText(account.feePolicy)}</p>}
                {!testData && (!account || account.status === "failed") && <RequestAccount isOwner={isOwner} again={Boolean(account)} />}
              </div>
            );
          }}
        </QueryStates>
      </Panel>
      {testData && <SimulateTransfer isOwner={isOwner} account={accounts.data?.data[0]} />}
      <RecentFundings />
    </div>
  );
}

function RequestAccount({ isOwner, again }: { isOwner: boolean; again: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const request = useMutation(trpc.funding.requestAccount.mutationOptions());
  const [phone, setPhone] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  if (!isOwner)
    return <p className="text-sm text-slate-600">Your account has no account number yet. The account owner can get one on this page.</p>;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setProblem(phone.trim() === "" ? "Enter a mobile number, such as 08031234567." : null);
    if (phone.trim() === "") return;
    request.mutate(
      { phone },
      {
        onSuccess: (account) =>
          queryClient.setQueryData(trpc.funding.accounts.queryKey(), (current) => (current ? { ...current, data: [account] } : current)),
        onError: (error) => {
          const reason = fieldErrorsOf(error).phone;
          if (reason) setProblem(`The number ${reason}.`);
          else setFormError(describeError(error));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Get an account number" className="max-w-md space-y-3">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <p className="text-sm text-slate-600">
        {again ? "Ask again: " : "Get a bank account number of your own: "}
        the bank needs a mobile number for the account holder.
      </p>
      <TextField
        id={`${id}-phone`}
        label="Mobile number"
        hint="A Nigerian number, such as 08031234567."
        error={problem}
        name="phone"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <button type="submit" disabled={request.isPending} className={buttonClass("primary")}>
        {request.isPending ? "Asking the bank…" : again ? "Try again" : "Get my account number"}
      </button>
    </form>
  );
}

function SimulateTransfer({ isOwner, account }: { isOwner: boolean; account: FundingAccountView | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const simulate = useMutation(trpc.funding.simulateTransfer.mutationOptions());
  const [amount, setAmount] = useState("");
  const [payerName, setPayerName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setDone(null);
    const { value: kobo, problem: found } = readNaira(amount, { min: 100n, example: "5000 or 1,500.50" });
    setProblem(found ?? null);
    if (kobo === undefined) return;
    simulate.mutate(
      { amount: kobo, ...(payerName.trim() ? { payerName: payerName.trim() } : {}) },
      {
        onSuccess: (funding) => {
          setAmount("");
          setDone(
            `Simulated a transfer of ${formatNaira(funding.amount + funding.fee)} from ${funding.payerName ?? "a test payer"}: your test wallet was credited ${formatNaira(funding.amount)}${funding.fee > 0 ? ` (fee ${formatNaira(funding.fee)})` : ""}.`,
          );
          void queryClient.invalidateQueries({ queryKey: trpc.funding.recent.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.purchases.balance.queryKey() });
        },
        onError: (error) => {
          const reason = fieldErrorsOf(error).amount;
          if (reason) setProblem(`The amount ${reason}.`);
          else setFormError(describeError(error));
        },
      },
    );
  }

  return (
    <Panel
      id="simulate-heading"
      title="Simulate a transfer"
      description="Test mode: pretend someone transferred money to your simulated account. It is credited to the test wallet exactly as a real transfer is, with a test wallet.funded event. Also with a pk_test_ key: POST /api/v1/fundings/simulate."
    >
      {done && (
        <Notice className="mb-3" key={done}>
          {done}
        </Notice>
      )}
      {!isOwner ? (
        <p className="text-sm text-slate-600">Only the account owner can simulate transfers.</p>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Simulate a transfer" className="grid max-w-2xl gap-3 sm:grid-cols-2">
          {formError && <ErrorAlert className="sm:col-span-2">{formError}</ErrorAlert>}
          <NairaField
            id={`${id}-amount`}
            label="Amount sent (₦)"
            hint={account?.accountNumber ? `To ${account.accountNumber}.` : undefined}
            error={problem}
            name="amount"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            id={`${id}-payer`}
            label="Sender's name (optional)"
            name="payerName"
            autoComplete="off"
            maxLength={100}
            value={payerName}
            onChange={(event) => setPayerName(event.target.value)}
          />
          <div className="sm:col-span-2">
            <button type="submit" disabled={simulate.isPending} className={buttonClass("primary")}>
              {simulate.isPending ? "Simulating…" : "Simulate transfer"}
            </button>
          </div>
        </form>
      )}
    </Panel>
  );
}

function RecentFundings() {
  const trpc = useTRPC();
  const query = useInfiniteQuery(trpc.funding.recent.infiniteQueryOptions({}, { getNextPageParam: nextFundingsCursor }));
  return (
    <Panel id="fundings-heading" title="Recent fundings" description="Every credit of this wallet, newest first. Times are Lagos time.">
      {query.isPending ? (
        <LoadingRows label="Loading fundings…" />
      ) : query.isError && !query.data ? (
        <QueryLoadError query={query} what="your fundings" />
      ) : query.data.pages[0]?.data.length === 0 ? (
        <Empty>No fundings yet. A transfer to your account number shows here once it is credited.</Empty>
      ) : (
        <>
          <FundingsTable items={query.data.pages.flatMap((page) => page.data)} label="Fundings, newest first" />
          {query.hasNextPage && (
            <button
              type="button"
              className={`mt-3 ${buttonClass("secondary", "sm")}`}
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? "Loading…" : "Show older fundings"}
            </button>
          )}
        </>
      )}
    </Panel>
  );
}
