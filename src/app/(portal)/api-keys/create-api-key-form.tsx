"use client";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { ChoiceFieldset, ChoiceRadio } from "~/components/buy/choice-fieldset";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { newApiKeyForm } from "~/schemas/account-admin";
import { useTRPC } from "~/trpc/react";

type KeyMode = "live" | "test";

/** The two kinds of key, in the words the form offers them (docs/integrating.md "Test mode"). */
const KEY_MODES: { mode: KeyMode; label: string; description: string }[] = [
  { mode: "live", label: "Live", description: "pk_live_…: real purchases, charged to your wallet." },
  { mode: "test", label: "Test", description: "pk_test_…: sandbox purchases with your test wallet's play money; nothing is real." },
];

export interface CreatedApiKey {
  name: string;
  apiKey: string;
  livemode: boolean;
  /** The form's submit button, for the key's dialog to give the focus back to. */
  opener: HTMLElement | null;
}

export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.apiKeys.create.mutationOptions());
  const [name, setName] = useState("");
  // Live unless chosen: most keys are for production servers, and a test key there would buy nothing.
  const [mode, setMode] = useState<KeyMode>("live");
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const nameId = useId();
  const modeName = useId();
  const submitButton = useRef<HTMLButtonElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = newApiKeyForm.safeParse({ name, mode });
    if (!parsed.success) {
      setNameProblem(`Name ${parsed.error.issues[0]?.message ?? "is not valid"}.`);
      return;
    }
    setNameProblem(null);
    create.mutate(parsed.data, {
      onSuccess: ({ apiKey, livemode }) => {
        setName("");
        setMode("live");
        onCreated({ name: parsed.data.name, apiKey, livemode, opener: submitButton.current });
      },
      onError: (error) => {
        const reason = fieldErrorsOf(error).name;
        if (reason) setNameProblem(`Name ${reason}.`);
        else setFormError(describeError(error));
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <div className="sm:max-w-md">
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
      <ChoiceFieldset name={modeName} legend="Mode">
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {KEY_MODES.map(({ mode: value, label, description }) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50"
            >
              <ChoiceRadio name={modeName} value={value} chosen={mode} onChoose={() => setMode(value)} className="mt-0.5" />
              <span>
                <span className="block font-medium text-slate-900">{label}</span>
                <span className="block text-slate-600">{description}</span>
              </span>
            </label>
          ))}
        </div>
      </ChoiceFieldset>
      <button ref={submitButton} type="submit" disabled={create.isPending} className={buttonClass("primary")}>
        {create.isPending ? "Creating…" : "Create key"}
      </button>
    </form>
  );
}
