"use client";
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { describeError, fieldErrorsOf } from "~/components/account-admin/describe-error";
import { alertBox, fieldError, fieldHint, fieldLabel, inputField, primaryButton } from "~/components/account-admin/styles";
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
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
      {formError && (
        <p role="alert" className={alertBox}>
          {formError}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:flex-1">
          <label htmlFor={nameId} className={fieldLabel}>
            Key name
          </label>
          <input
            id={nameId}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            autoComplete="off"
            aria-invalid={nameProblem ? true : undefined}
            aria-describedby={`${nameId}-hint${nameProblem ? ` ${nameId}-error` : ""}`}
            className={inputField}
          />
          <p id={`${nameId}-hint`} className={fieldHint}>
            Where the key will be used, e.g. “Production server”.
          </p>
          {nameProblem && (
            <p id={`${nameId}-error`} role="alert" className={fieldError}>
              {nameProblem}
            </p>
          )}
        </div>
        <button type="submit" disabled={create.isPending} className={`${primaryButton} sm:mt-6`}>
          {create.isPending ? "Creating…" : "Create key"}
        </button>
      </div>
    </form>
  );
}
