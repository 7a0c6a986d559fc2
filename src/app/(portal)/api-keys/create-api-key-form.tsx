"use client";
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { newApiKeyForm } from "~/schemas/account-admin";
import { useTRPC } from "~/trpc/react";

export function CreateApiKeyForm({ onCreated }: { onCreated: (key: { name: string; apiKey: string }) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.apiKeys.create.mutationOptions());
  const [name, setName] = useState("");
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const nameId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = newApiKeyForm.safeParse({ name });
    if (!parsed.success) {
      setNameProblem(`Name ${parsed.error.issues[0]?.message ?? "is not valid"}.`);
      return;
    }
    setNameProblem(null);
    create.mutate(parsed.data, {
      onSuccess: ({ apiKey }) => {
        setName("");
        onCreated({ name: parsed.data.name, apiKey });
      },
      onError: (error) => {
        const reason = fieldErrorsOf(error).name;
        if (reason) setNameProblem(`Name ${reason}.`);
        else setFormError(describeError(error));
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:flex-1">
          <TextField
            id={nameId}
            label="Key name"
            hint="Where the key will be used, e.g. “Production server”."
            error={nameProblem}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <button type="submit" disabled={create.isPending} className={`${buttonClass("primary")} sm:mt-6`}>
          {create.isPending ? "Creating…" : "Create key"}
        </button>
      </div>
    </form>
  );
}
