"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatNaira, readNaira } from "~/components/money";
import { NairaField } from "~/components/naira-field";
import { MAX_FUNDING_KOBO } from "~/schemas/operator";
import type { AccountOverview } from "~/server/services/accounts/get-account-overview";
import { useTRPC } from "~/trpc/react";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog } from "~/components/ui/dialogs";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { formAlert, readProblem, type Problem } from "../../_components/problem";
import { LedgerTable } from "./ledger-table";
import { useRefreshAccount } from "./use-refresh-account";

interface FundingDraft {
  amountKobo: number;
  reference: string;
  note: string;
}

/** Checks the form before the confirmation step; the service checks it all again. */
function readDraft(form: FormData): { draft: FundingDraft } | { errors: Record<string, string> } {
  const amountText = String(form.get("amount") ?? "").trim();
  const reference = String(form.get("reference") ?? "").trim();
  const note = String(form.get("note") ?? "").trim();
  const errors: Record<string, string> = {};
  const { value: amountKobo, problem: amountProblem } = readNaira(amountText, {
    max: MAX_FUNDING_KOBO,
    example: "25000 or 1,500.50",
    whenEmpty: "Enter the amount received, in naira.",
  });
  if (amountProblem) errors.amount = amountProblem;
  if (reference === "") errors.reference = "Enter the bank transfer or receipt reference.";
  else if (reference.length > 100) errors.reference = "The reference can be at most 100 characters.";
  if (note.length > 500) errors.note = "The note can be at most 500 characters.";
  if (Object.keys(errors).length > 0 || amountKobo === undefined) return { errors };
  return { draft: { amountKobo, reference, note } };
}

export function WalletPanel({ account }: { account: AccountOverview }) {
  return (
    <Panel
      id="wallet-heading"
      title="Wallet"
      description={
        <>
          Balance {formatNaira(account.balance)}. Every change is a ledger entry with the balance after it. Transfers to the account&apos;s
          own account number are credited by themselves (below); fund by hand only for payments made another way.
        </>
      }
    >
      <FundWalletForm account={account} />
      <h3 className="mt-6 text-sm font-semibold text-slate-800">Recent ledger entries</h3>
      <div className="mt-2">
        <LedgerTable entries={account.recentLedger} />
      </div>
    </Panel>
  );
}

function FundWalletForm({ account }: { account: AccountOverview }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [draft, setDraft] = useState<FundingDraft | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const fund = useMutation(
    trpc.operator.fundWallet.mutationOptions({
      onSuccess: async ({ balance }, variables) => {
        await refresh();
        setDraft(null);
        setFormKey((key) => key + 1);
        setDone(
          `Funded ${formatNaira(BigInt(String(variables.amount)))} with reference “${variables.reference}”. New balance: ${formatNaira(balance)}.`,
        );
      },
      onError: (error, variables) => {
        setDraft(null);
        const read = readProblem(error, {
          "wallet.duplicate_funding_reference": `This account has already been funded with the reference “${variables.reference}”, so nothing was credited. Each payment is funded once: check the ledger below, and use the payment's own reference.`,
          "account.not_found": "This account no longer exists, so nothing was credited.",
        });
        setProblem(read);
        setErrors(
          read.appCode === "wallet.duplicate_funding_reference"
            ? { reference: "This reference was already used for this account." }
            : read.fieldErrors,
        );
      },
    }),
  );

  const alert = formAlert(problem, ["amount", "reference", "note"]);

  function onReview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    setProblem(null);
    const read = readDraft(new FormData(event.currentTarget));
    if ("errors" in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setDraft(read.draft);
  }

  return (
    <>
      <form key={formKey} onSubmit={onReview} noValidate className="space-y-4" aria-label="Fund wallet">
        {alert && <ErrorAlert>{alert}</ErrorAlert>}
        {done && <Notice>{done}</Notice>}
        <div className="grid gap-4 sm:grid-cols-3">
          <NairaField id="funding-amount" hint="In naira, e.g. 25000 or 1,500.50" error={errors.amount} name="amount" />
          <TextField
            id="funding-reference"
            label="Reference"
            hint="Required: the bank transfer or receipt reference"
            error={errors.reference}
            name="reference"
            maxLength={100}
            autoComplete="off"
          />
          <TextField id="funding-note" label="Note (optional)" error={errors.note} name="note" maxLength={500} autoComplete="off" />
        </div>
        <button type="submit" className={buttonClass("primary")} disabled={fund.isPending}>
          {fund.isPending ? "Funding…" : "Review funding"}
        </button>
      </form>

      {draft && (
        <ConfirmDialog
          title="Confirm wallet funding"
          confirmLabel={`Fund ${formatNaira(draft.amountKobo)}`}
          pendingLabel="Funding…"
          pending={fund.isPending}
          onCancel={() => setDraft(null)}
          onConfirm={() =>
            fund.mutate({
              accountId: account.id,
              amount: String(draft.amountKobo),
              reference: draft.reference,
              ...(draft.note ? { note: draft.note } : {}),
            })
          }
        >
          <p>
            Credit <strong className="font-semibold text-slate-900">{formatNaira(draft.amountKobo)}</strong> to{" "}
            <strong className="font-semibold text-slate-900">{account.name}</strong>?
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3">
            <dt className="text-slate-500">Account</dt>
            <dd className="break-words">{account.name}</dd>
            <dt className="text-slate-500">Amount</dt>
            <dd className="tabular-nums">
              {formatNaira(draft.amountKobo)} <span className="text-slate-500">({draft.amountKobo.toLocaleString("en-NG")} kobo)</span>
            </dd>
            <dt className="text-slate-500">Reference</dt>
            <dd className="break-all">{draft.reference}</dd>
            {draft.note && (
              <>
                <dt className="text-slate-500">Note</dt>
                <dd className="break-words">{draft.note}</dd>
              </>
            )}
            <dt className="text-slate-500">Balance</dt>
            <dd className="tabular-nums">
              {formatNaira(account.balance)} → {formatNaira(account.balance + BigInt(draft.amountKobo))}
            </dd>
          </dl>
          <p className="text-slate-600">Check the amount against the payment received. A reference can fund this account only once.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
