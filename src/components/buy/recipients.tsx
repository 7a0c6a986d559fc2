"use client";
/**
 * The account's saved recipients and the numbers it bought for lately, on the data and airtime forms:
 * picking one fills the phone field. And, on a purchase's result, naming its number to save it.
 * (src/server/services/recipients; docs/integrating.md, "What was delivered".)
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { Field, TextField } from "~/components/ui/fields";
import { RECIPIENT_NAME_MAX } from "~/schemas/recipients";
import { useTRPC } from "~/trpc/react";

/** "Saved and recent numbers": nothing while the account has none. */
export function RecipientPicker({ id, onPick }: { id: string; onPick: (phone: string) => void }) {
  const trpc = useTRPC();
  const recipients = useQuery(trpc.recipients.list.queryOptions());
  const saved = recipients.data?.saved ?? [];
  const recent = recipients.data?.recent ?? [];
  if (saved.length === 0 && recent.length === 0) return null;

  return (
    <Field id={id} label="Saved and recent numbers">
      {(control) => (
        <select
          {...control}
          value=""
          onChange={(event) => {
            if (event.target.value) onPick(event.target.value);
          }}
        >
          <option value="">Choose a number…</option>
          {saved.length > 0 && (
            <optgroup label="Saved">
              {saved.map((each) => (
                <option key={each.phone} value={each.phone}>
                  {each.name} · {each.phone}
                </option>
              ))}
            </optgroup>
          )}
          {recent.length > 0 && (
            <optgroup label="Recent">
              {recent.map((each) => (
                <option key={each.phone} value={each.phone}>
                  {each.phone}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      )}
    </Field>
  );
}

/** On a result: save its number under a name, to pick it next time (saving a saved number renames it). */
export function SaveRecipientForm({ phone }: { phone: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.recipients.save.mutationOptions());
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const nameId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    if (!name.trim()) return setProblem("Name is required.");
    save.mutate(
      { phone, name },
      {
        onSuccess: (recipient) => {
          setSavedAs(recipient.name);
          void queryClient.invalidateQueries({ queryKey: trpc.recipients.list.queryKey() });
        },
        onError: (error) => {
          const reason = fieldErrorsOf(error).name;
          setProblem(reason ? `Name ${reason}.` : describeError(error));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Save this number" className="flex flex-wrap items-end gap-2 print:hidden">
      <div className="min-w-0 grow sm:max-w-xs">
        <TextField
          id={nameId}
          label={`Save ${phone} as`}
          hint="A name to pick it by next time."
          error={problem}
          value={name}
          maxLength={RECIPIENT_NAME_MAX}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" disabled={save.isPending} className={buttonClass("secondary")}>
        {save.isPending ? "Saving…" : "Save number"}
      </button>
      <p role="status" className="basis-full text-sm font-medium text-emerald-700">
        {savedAs ? `Saved as “${savedAs}”.` : ""}
      </p>
    </form>
  );
}
