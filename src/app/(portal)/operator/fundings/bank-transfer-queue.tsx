"use client";
/**
 * The unmatched-transfer queue: each transfer with what the bank said of it and why it matched no
 * account; Assign (to an account id, with a note) credits it through assign_bank_transfer; Return
 * records, with a note, that the money went back to the payer. Above it, the rail's state.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/components/dates";
import { formatNaira } from "~/components/money";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { TextField } from "~/components/ui/fields";
import { Empty, LoadingRows, QueryStates } from "~/components/ui/load-states";
import { Notice } from "~/components/ui/notices";
import { cardClass } from "~/components/ui/panel";
import { ItemActions, ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import type { BankTransferAdminView, BankTransferList } from "~/server/services/funding/list-bank-transfers";
import { useTRPC } from "~/trpc/react";

function RailState({ list }: { list: BankTransferList }) {
  const last = list.reconciler;
  const result = (last?.lastResult ?? null) as Record<string, unknown> | null;
  return (
    <section aria-labelledby="rail-heading" className={cardClass}>
      <h2 id="rail-heading" className="text-sm font-medium text-slate-500">
        Paystack
      </h2>
      {list.configured ? (
        <div className="mt-1 space-y-1 text-sm text-slate-700">
          <p>
            Configured. Fee policy: <strong>{list.feePolicy}</strong>{" "}
            {list.feePolicy === "net"
              ? "(resellers are credited the amount less Paystack's fee)"
              : "(resellers are credited the whole amount)"}
            .
          </p>
          <p>
            Reconciler:{" "}
            {last?.lastFinishedAt
              ? `last pass ${formatDateTime(last.lastFinishedAt)}${
                  result && "error" in result
                    ? `, failed: ${String(result.error)}`
                    : result
                      ? `, ${String(result.listed ?? 0)} listed, ${String(result.credited ?? 0)} credited, ${String(result.queued ?? 0)} queued`
                      : ""
                }.`
              : "no pass yet."}
          </p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-700">Not configured (no PAYSTACK_SECRET_KEY): resellers cannot fund by bank transfer.</p>
      )}
    </section>
  );
}

type Action = { kind: "assign" | "return"; transfer: BankTransferAdminView };

export function BankTransferQueue() {
  const trpc = useTRPC();
  const query = useQuery(trpc.operator.bankTransfers.queryOptions({}));
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <QueryStates query={query} loading={<LoadingRows label="Loading the queue…" />} what="the unmatched transfers">
        {(list) => (
          <>
            <RailState list={list} />
            {done && <Notice key={done}>{done}</Notice>}
            <h2 className="text-base font-semibold text-slate-900">Unmatched transfers</h2>
            {list.transfers.length === 0 ? (
              <Empty>No unmatched transfers: every transfer received was credited.</Empty>
            ) : (
              <ResponsiveList
                label="Unmatched transfers"
                columns="sm:grid-cols-[8rem_7rem_minmax(0,1.4fr)_minmax(0,2fr)_auto]"
                headings={["Paid", "Amount", "From", "Why it is here"]}
                items={list.transfers}
                itemKey={(transfer) => transfer.id}
              >
                {(transfer) => (
                  <>
                    <ItemFacts>
                      <ItemFact label="Paid">{formatDateTime(transfer.paidAt)}</ItemFact>
                      <ItemFact label="Amount">
                        <span className="tabular-nums">{formatNaira(transfer.amount)}</span>
                        <span className="block text-xs text-slate-500">fee {formatNaira(transfer.providerFee)}</span>
                      </ItemFact>
                      <ItemFact label="From">
                        {transfer.payerName ?? "Unknown sender"}
                        <span className="block text-xs text-slate-500">
                          {transfer.payerBank ?? ""} to {transfer.receiverAccountNumber ?? "?"}
                        </span>
                        <span className="block font-mono text-xs break-all text-slate-500">{transfer.reference}</span>
                      </ItemFact>
                      <ItemFact label="Why it is here">{transfer.unmatchedReason}</ItemFact>
                    </ItemFacts>
                    <ItemActions>
                      <button
                        type="button"
                        className={buttonClass("secondary", "sm")}
                        onClick={() => setAction({ kind: "assign", transfer })}
                      >
                        Assign…
                      </button>
                      <button
                        type="button"
                        className={buttonClass("secondary", "sm")}
                        onClick={() => setAction({ kind: "return", transfer })}
                      >
                        Return…
                      </button>
                    </ItemActions>
                  </>
                )}
              </ResponsiveList>
            )}
          </>
        )}
      </QueryStates>
      {action && (
        <ResolveDialog
          key={action.transfer.id}
          action={action}
          onClose={() => setAction(null)}
          onDone={(message) => {
            setAction(null);
            setDone(message);
          }}
        />
      )}
    </div>
  );
}

function ResolveDialog({ action, onClose, onDone }: { action: Action; onClose: () => void; onDone: (message: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries(trpc.operator.pathFilter());
  const assign = useMutation(trpc.operator.assignBankTransfer.mutationOptions());
  const giveBack = useMutation(trpc.operator.returnBankTransfer.mutationOptions());
  const mutation = action.kind === "assign" ? assign : giveBack;
  const [accountId, setAccountId] = useState("");
  const [note, setNote] = useState("");
  const { transfer } = action;
  const amount = formatNaira(transfer.amount);

  function confirm() {
    if (action.kind === "assign")
      assign.mutate(
        { transferId: transfer.id, accountId: accountId.trim(), note },
        {
          onSuccess: () => void refresh().then(() => onDone(`Assigned ${amount} (${transfer.reference}) to account ${accountId.trim()}.`)),
        },
      );
    else
      giveBack.mutate(
        { transferId: transfer.id, note },
        { onSuccess: () => void refresh().then(() => onDone(`Recorded ${amount} (${transfer.reference}) as returned to the payer.`)) },
      );
  }

  return (
    <ConfirmDialog
      title={action.kind === "assign" ? `Assign ${amount}` : `Return ${amount}`}
      confirmLabel={action.kind === "assign" ? "Assign and credit" : "Record as returned"}
      pendingLabel={action.kind === "assign" ? "Crediting…" : "Recording…"}
      onConfirm={confirm}
      {...mutationConfirmProps(mutation, onClose)}
    >
      <p>
        {transfer.payerName ?? "Unknown sender"} sent {amount} to {transfer.receiverAccountNumber ?? "an unknown account"} on{" "}
        {formatDateTime(transfer.paidAt)} (reference <span className="font-mono break-all">{transfer.reference}</span>).
      </p>
      {action.kind === "assign" ? (
        <TextField
          id="assign-account"
          label="Account id"
          hint="The account this transfer belongs to (from its page in the console). It is credited as the fee policy says."
          name="accountId"
          autoComplete="off"
          value={accountId}
          onChange={(event) => setAccountId(event.target.value)}
        />
      ) : (
        <p>Return the money to the payer first (Paystack dashboard or a bank transfer); this only records that you did.</p>
      )}
      <TextField
        id="resolve-note"
        label="Note"
        hint={
          action.kind === "assign"
            ? "Why it belongs to this account (a receipt, the payer's message)."
            : "How it was refunded (its reference)."
        }
        name="note"
        autoComplete="off"
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );
}
