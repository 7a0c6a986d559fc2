"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { useTRPC } from "~/trpc/react";
import { fieldsOf, formAlert, readProblem, type Problem } from "./_components/problem";

/** "Create account": name, optional created date (it decides the allowlist policy), catalog flag. */
export function CreateAccountPanel() {
  const [open, setOpen] = useState(false);
  return (
    <Panel
      id="create-account-heading"
      title="New account"
      description={open ? undefined : "Opens a reseller account with an empty wallet. Add its owner on the account's page."}
      actions={
        !open && (
          <button type="button" className={buttonClass("primary")} onClick={() => setOpen(true)} aria-expanded={false}>
            Create account
          </button>
        )
      }
    >
      {open && <CreateAccountForm onCancel={() => setOpen(false)} />}
    </Panel>
  );
}

function CreateAccountForm({ onCancel }: { onCancel: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  const create = useMutation(
    trpc.operator.createAccount.mutationOptions({
      onSuccess: async ({ accountId }) => {
        await queryClient.invalidateQueries(trpc.operator.searchAccounts.pathFilter());
        router.push(`/operator/accounts/${accountId}`);
      },
      onError: (error) => setProblem(readProblem(error)),
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const createdAt = String(form.get("createdAt") ?? "");
    setProblem(null);
    create.mutate({
      name: String(form.get("name") ?? ""),
      ...(createdAt ? { createdAt } : {}),
      onProductCatalog: form.get("onProductCatalog") === "on",
    });
  }

  const busy = create.isPending || create.isSuccess;
  const alert = formAlert(problem, ["name", "createdAt"]);
  const field = fieldsOf(problem, "new-account");
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {alert && <ErrorAlert>{alert}</ErrorAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("name")} label="Account name" required maxLength={200} autoComplete="organization" autoFocus />
        <TextField
          {...field("createdAt", "new-account-created")}
          label="Created on (optional)"
          hint="Leave empty for today. Accounts created on or after 1 July 2026 must always have an IP allowlist."
          type="date"
        />
      </div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" name="onProductCatalog" className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-emerald-700" />
        <span>
          <span className="font-medium">On the product catalog</span>
          <span className="block text-slate-500">Its plan list includes product ids, sizes and validity.</span>
        </span>
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className={buttonClass("secondary")} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          {busy ? "Creating account…" : "Create account"}
        </button>
      </div>
    </form>
  );
}
