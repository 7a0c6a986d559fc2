"use client";
/**
 * The test wallet (docs/integrating.md "Test mode") on the dashboard while Test data is on: its balance for every
 * account user, and for the owner "Top up" and "Reset" (to the opening ₦1,000,000, or to any balance:
 * 0 to see a purchase refused for insufficient funds). Amounts are typed in naira and sent in kobo.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { formatNaira, nairaInputValue, readNaira } from "~/components/money";
import { NairaField } from "~/components/naira-field";
import { buttonClass } from "~/components/ui/buttons";
import { Loading, QueryStates } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { TEST_WALLET_OPENING_BALANCE_KOBO } from "~/schemas/account-admin";
import { useTRPC } from "~/trpc/react";

export function TestWalletPanel({ canManage }: { canManage: boolean }) {
  const trpc = useTRPC();
  // The wallet of the caller's mode: the test one, since this panel is shown only with Test data on.
  const balance = useQuery(trpc.purchases.balance.queryOptions());
  const [done, setDone] = useState<string | null>(null);

  return (
    <Panel
      id="test-wallet-heading"
      title="Test wallet"
      description={`Play money for test purchases, here and with pk_test_ keys. It opens with ${formatNaira(TEST_WALLET_OPENING_BALANCE_KOBO)}.`}
    >
      <QueryStates query={balance} loading={<Loading>Loading the test wallet…</Loading>} what="the test wallet">
        {(wallet) =>
          wallet.livemode ? (
            // Another tab switched back to live data since this page was rendered.
            <Notice tone="warning">Test data was switched off in another tab. Reload the page to see your test wallet.</Notice>
          ) : (
            <p className="text-3xl font-semibold tabular-nums" data-testid="test-wallet-balance">
              {formatNaira(wallet.balance)}
            </p>
          )
        }
      </QueryStates>
      {done && (
        <Notice className="mt-3" key={done}>
          {done}
        </Notice>
      )}
      {canManage ? (
        <div className="mt-4 grid gap-4 border-t border-slate-100 pt-4 md:grid-cols-2">
          <TopUpForm onDone={setDone} />
          <ResetForm onDone={setDone} />
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Only the account owner can top up or reset the test wallet.</p>
      )}
    </Panel>
  );
}

function useAfterChange(onDone: (message: string) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (message: string, balance: bigint) => {
    queryClient.setQueryData(trpc.purchases.balance.queryKey(), (current) => (current ? { ...current, balance } : current));
    void queryClient.invalidateQueries({ queryKey: trpc.purchases.balance.queryKey() });
    onDone(`${message} The test wallet now holds ${formatNaira(balance)}.`);
  };
}

function TopUpForm({ onDone }: { onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const topUp = useMutation(trpc.testWallet.topUp.mutationOptions());
  const afterChange = useAfterChange(onDone);
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const { value: kobo, problem: found } = readNaira(amount, { example: "5000 or 1,500.50" });
    setProblem(found ?? null);
    if (kobo === undefined) return;
    topUp.mutate(
      { amount: kobo },
      {
        onSuccess: ({ balance }) => {
          setAmount("");
          afterChange(`Added ${formatNaira(kobo)}.`, balance);
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
    <form onSubmit={onSubmit} noValidate aria-label="Top up the test wallet" className="space-y-3">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <NairaField
        id={`${id}-amount`}
        label="Top up by (₦)"
        hint="Play money added to the test wallet."
        error={problem}
        name="amount"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <button type="submit" disabled={topUp.isPending} className={buttonClass("primary")}>
        {topUp.isPending ? "Topping up…" : "Top up"}
      </button>
    </form>
  );
}

function ResetForm({ onDone }: { onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.testWallet.reset.mutationOptions());
  const afterChange = useAfterChange(onDone);
  const [amount, setAmount] = useState(() => nairaInputValue(TEST_WALLET_OPENING_BALANCE_KOBO));
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const { value: kobo, problem: found } = readNaira(amount, { min: 0n, example: "5000 or 1,500.50" });
    setProblem(found ?? null);
    if (kobo === undefined) return;
    reset.mutate(
      { balance: kobo },
      {
        onSuccess: ({ balance }) => afterChange("Test wallet reset.", balance),
        onError: (error) => {
          const reason = fieldErrorsOf(error).balance;
          if (reason) setProblem(`The balance ${reason}.`);
          else setFormError(describeError(error));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset the test wallet" className="space-y-3">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <NairaField
        id={`${id}-balance`}
        label="Reset to (₦)"
        hint={`${formatNaira(TEST_WALLET_OPENING_BALANCE_KOBO)} is the opening balance; 0 lets you try a purchase refused for insufficient funds.`}
        error={problem}
        name="balance"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <button type="submit" disabled={reset.isPending} className={buttonClass("secondary")}>
        {reset.isPending ? "Resetting…" : "Reset test wallet"}
      </button>
    </form>
  );
}
