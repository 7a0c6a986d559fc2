"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { describeEntry, displayEntry } from "~/components/allowlist-entry";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog } from "~/components/ui/dialogs";
import { TextField } from "~/components/ui/fields";
import { Empty, Loading } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { SwitchControl } from "~/components/ui/switch-control";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { formAlert, readProblem, type Problem } from "../../_components/problem";
import { ConfirmChangeDialog, useConfirmedChange } from "./confirmed-change";
import { useRefreshAccount } from "./use-refresh-account";

const POLICY_REFUSAL =
  "This account was created on or after 1 July 2026, and every such account must keep its IP allowlist, so it cannot be switched off. " +
  "You can still change which addresses are on the list.";

/** The allowlist: whether the API requires it, its entries, adding and removing them. */
export function AllowlistPanel({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.operator.allowlist.queryOptions({ accountId }, { retry: retryUnlessRefused }));

  return (
    <Panel id="allowlist-heading" title="IP allowlist" description="The addresses this account's API keys may be used from.">
      {status.isPending && <Loading>Loading the allowlist…</Loading>}
      {status.isError && <ErrorAlert>The allowlist could not be loaded. {readProblem(status.error).message}</ErrorAlert>}
      {status.data && (
        <div className="space-y-5">
          <RequiredSwitch
            accountId={accountId}
            required={status.data.required}
            requiredByPolicy={status.data.requiredByPolicy}
            entryCount={status.data.entries.length}
          />
          {status.data.apiBlocked && (
            <Notice tone="warning">
              The list is required but empty, so every API request of this account is refused until an entry is added.
            </Notice>
          )}
          <AllowlistEntries accountId={accountId} entries={status.data.entries} required={status.data.required} />
          <AddEntryForm accountId={accountId} />
        </div>
      )}
    </Panel>
  );
}

function RequiredSwitch({
  accountId,
  required,
  requiredByPolicy,
  entryCount,
}: {
  accountId: string;
  required: boolean;
  requiredByPolicy: boolean;
  entryCount: number;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const [pendingChoice, setPendingChoice] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation(
    trpc.operator.setAllowlistRequired.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setPendingChoice(null);
      },
      onError: (error) => {
        setPendingChoice(null);
        setProblem(readProblem(error, { "allowlist.required_by_policy": POLICY_REFUSAL }).message);
      },
    }),
  );

  const description = requiredByPolicy
    ? "Always on: this account was created on or after 1 July 2026, when an allowlist became mandatory for new accounts."
    : required
      ? "On: API requests are accepted only from the addresses below."
      : "Off: API requests are accepted from any address. Older accounts may opt in.";

  return (
    <div className="space-y-2">
      <SwitchControl
        id={`allowlist-required-${accountId}`}
        label="Require an IP allowlist"
        checked={required}
        disabled={requiredByPolicy || change.isPending}
        description={description}
        onChange={(next) => {
          setProblem(null);
          setPendingChoice(next);
        }}
      />
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      {pendingChoice !== null && (
        <ConfirmDialog
          title={pendingChoice ? "Require an IP allowlist?" : "Stop requiring an IP allowlist?"}
          confirmLabel={pendingChoice ? "Require allowlist" : "Stop requiring"}
          pendingLabel="Saving…"
          tone={pendingChoice ? "primary" : "danger"}
          pending={change.isPending}
          onCancel={() => setPendingChoice(null)}
          onConfirm={() => change.mutate({ accountId, required: pendingChoice })}
        >
          {pendingChoice ? (
            <p>
              API requests will be accepted only from the addresses on the list.
              {entryCount === 0 && " The list is empty, so every API request of this account will be refused until an entry is added."}
            </p>
          ) : (
            <p>API requests of this account will be accepted from any address.</p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

function AllowlistEntries({ accountId, entries, required }: { accountId: string; entries: string[]; required: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const removal = useConfirmedChange<string>();
  const remove = useMutation(
    trpc.operator.removeAllowlistEntry.mutationOptions({
      onSuccess: async (_result, { entry }) => {
        await refresh();
        removal.succeeded(`Removed ${displayEntry(entry)}.`);
      },
      onError: removal.failed,
    }),
  );

  if (entries.length === 0) return <Empty>No entries.</Empty>;
  return (
    <div className="space-y-2">
      {removal.done && <Notice>{removal.done}</Notice>}
      <ul aria-label="Allowlist entries" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {entries.map((entry) => (
          <li key={entry} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="min-w-0">
              <code className="block font-mono text-sm break-all text-slate-900">{displayEntry(entry)}</code>
              <span className="text-xs text-slate-500">{describeEntry(entry)}</span>
            </span>
            <button
              type="button"
              className={buttonClass("dangerOutline", "sm")}
              aria-label={`Remove ${displayEntry(entry)}`}
              onClick={() => removal.ask(entry)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ConfirmChangeDialog
        change={removal}
        pending={remove.isPending}
        title={() => "Remove this allowlist entry?"}
        confirmLabel="Remove entry"
        pendingLabel="Removing…"
        onConfirm={(entry) => remove.mutate({ accountId, entry })}
      >
        {(entry) => (
          <>
            <p>
              Requests from <code className="font-mono">{displayEntry(entry)}</code> will be refused from the next request on.
            </p>
            {required && entries.length === 1 && (
              <p className="font-medium text-red-800">This is the last entry: every API request of this account will be refused.</p>
            )}
          </>
        )}
      </ConfirmChangeDialog>
    </div>
  );
}

function AddEntryForm({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const add = useMutation(
    trpc.operator.addAllowlistEntry.mutationOptions({
      onSuccess: async ({ entries }, { entry }) => {
        await refresh();
        setValue("");
        // The service stores the normalised form; say which one, so "10.1.2.3/8" → "10.0.0.0/8" is no surprise.
        const stored = entries.find((candidate) => candidate === entry || candidate.startsWith(`${entry}/`));
        setDone(`Added ${displayEntry(stored ?? entry)}. It takes effect on the next request.`);
      },
      onError: (error) => setProblem(readProblem(error)),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const entry = value.trim();
    if (!entry) {
      setProblem({ appCode: null, message: "", fieldErrors: { entry: "Enter an IP address or CIDR range." } });
      return;
    }
    setProblem(null);
    add.mutate({ accountId, entry });
  }

  const alert = formAlert(problem, ["entry"]);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Add allowlist entry">
      {alert && <ErrorAlert>{alert}</ErrorAlert>}
      {done && <Notice>{done}</Notice>}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            id={`allowlist-entry-${accountId}`}
            label="Address or range"
            hint="An IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24."
            error={problem?.fieldErrors.entry}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </div>
        <button type="submit" className={`${buttonClass("primary")} sm:mb-6`} disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add entry"}
        </button>
      </div>
    </form>
  );
}
