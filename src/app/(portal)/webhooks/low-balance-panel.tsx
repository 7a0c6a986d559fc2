"use client";
/**
 * The wallet.low_balance threshold, in naira here and kobo in the API (as every amount in the portal):
 * the event is sent when a change takes the balance below it. Empty is not "off": turning the alert
 * off is a button of its own, so a cleared field is never mistaken for a choice.
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
import { useTRPC } from "~/trpc/react";

export function LowBalancePanel() {
  const trpc = useTRPC();
  const threshold = useQuery(trpc.webhooks.lowBalanceThreshold.queryOptions());
  return (
    <Panel
      id="low-balance-heading"
      title="Low-balance alert"
      description={
        <>
          When a purchase takes your wallet&apos;s balance below this amount, the endpoints that take{" "}
          <code className="font-mono text-xs">wallet.low_balance</code> are told, once each time it falls below.
        </>
      }
    >
      <QueryStates query={threshold} loading={<Loading>Loading the alert…</Loading>} what="the low-balance alert">
        {(data) => <ThresholdForm current={data.threshold} />}
      </QueryStates>
    </Panel>
  );
}

function ThresholdForm({ current }: { current: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.webhooks.setLowBalanceThreshold.mutationOptions());
  const [amount, setAmount] = useState(() => nairaInputValue(current));
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();

  function send(threshold: number | null) {
    setFormError(null);
    setDone(null);
    save.mutate(
      { threshold },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(trpc.webhooks.lowBalanceThreshold.queryKey(), saved);
          setAmount(nairaInputValue(saved.threshold));
          setDone(saved.threshold === null ? "Low-balance alert turned off." : `Low-balance alert set to ${formatNaira(saved.threshold)}.`);
        },
        onError: (error) => {
          const reason = fieldErrorsOf(error).threshold;
          if (reason) setAmountProblem(`The amount ${reason}.`);
          else setFormError(describeError(error));
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { value: kobo, problem } = readNaira(amount, {
      example: "5000 or 1,500.50",
      whenEmpty: "Enter an amount in naira, or turn the alert off.",
    });
    setAmountProblem(problem ?? null);
    if (kobo !== undefined) send(kobo);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Low-balance alert" className="space-y-3">
      <p className="text-sm text-slate-700">
        Now: <strong className="font-semibold text-slate-900">{current === null ? "Off" : `below ${formatNaira(current)}`}</strong>
      </p>
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      {done && <Notice>{done}</Notice>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-64">
          <NairaField
            id={`${id}-amount`}
            label="Alert below (₦)"
            hint="In naira, e.g. 5000 or 1,500.50"
            error={amountProblem}
            name="threshold"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2 sm:mt-6 sm:flex-row">
          <button type="submit" disabled={save.isPending} className={buttonClass("primary")}>
            {save.isPending && save.variables?.threshold !== null ? "Saving…" : "Save alert"}
          </button>
          {current !== null && (
            <button type="button" onClick={() => send(null)} disabled={save.isPending} className={buttonClass("secondary")}>
              {save.isPending && save.variables?.threshold === null ? "Turning off…" : "Turn off"}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
