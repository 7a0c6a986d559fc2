"use client";
/**
 * Adds a STAFF user with a temporary password the owner hands over privately. Checked here with the
 * shared schema for quick feedback, and again by the service, whose field problems land on the fields.
 */
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { describeError, fieldErrorsOf } from "~/components/account-admin/describe-error";
import { alertBox, fieldError, fieldHint, fieldLabel, inputField, primaryButton, successBox } from "~/components/account-admin/styles";
import { addStaffForm } from "~/schemas/account-admin";
import { useTRPC } from "~/trpc/react";

type Field = "email" | "password" | "name";
const LABELS: Record<Field, string> = { email: "Email", password: "Password", name: "Name" };
const EMPTY = { email: "", password: "", name: "" };

export function AddStaffForm({ onAdded }: { onAdded: () => void }) {
  const trpc = useTRPC();
  const addStaff = useMutation(trpc.team.addStaff.mutationOptions());
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setAdded(null);
    const parsed = addStaffForm.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= `${LABELS[field]} ${issue.message}.`;
      }
      setProblems(next);
      return;
    }
    setProblems({});
    addStaff.mutate(parsed.data, {
      onSuccess: () => {
        setAdded(parsed.data.email);
        setValues(EMPTY);
        setShowPassword(false);
        onAdded();
      },
      onError: (error) => {
        const byField = fieldErrorsOf(error);
        const next: Partial<Record<Field, string>> = {};
        for (const field of Object.keys(LABELS) as Field[]) {
          if (byField[field]) next[field] = `${LABELS[field]} ${byField[field]}.`;
        }
        setProblems(next);
        setFormError(describeError(error));
      },
    });
  }

  function input(field: Field, props: InputHTMLAttributes<HTMLInputElement>, hint?: string) {
    const problem = problems[field];
    const describedBy = [hint ? `${id}-${field}-hint` : null, problem ? `${id}-${field}-error` : null].filter(Boolean).join(" ");
    return (
      <>
        <input
          id={`${id}-${field}`}
          name={field}
          value={values[field]}
          onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={inputField}
          {...props}
        />
        {hint && (
          <p id={`${id}-${field}-hint`} className={fieldHint}>
            {hint}
          </p>
        )}
        {problem && (
          <p id={`${id}-${field}-error`} className={fieldError}>
            {problem}
          </p>
        )}
      </>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4">
      {formError && (
        <p role="alert" className={alertBox}>
          {formError}
        </p>
      )}
      {added && (
        <p role="status" className={successBox}>
          Added {added}. Give them the temporary password privately; they can sign in now.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-email`} className={fieldLabel}>
            Email
          </label>
          {input("email", { type: "email", inputMode: "email", autoComplete: "off", required: true })}
        </div>
        <div>
          <label htmlFor={`${id}-name`} className={fieldLabel}>
            Name <span className="font-normal text-slate-500">(optional)</span>
          </label>
          {input("name", { autoComplete: "off", maxLength: 200 })}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-password`} className={fieldLabel}>
            Temporary password
          </label>
          {input(
            "password",
            { type: showPassword ? "text" : "password", autoComplete: "new-password", required: true, minLength: 8 },
            "At least 8 characters. Share it with them privately, never by the same channel as the email address.",
          )}
          <label className="mt-2 inline-flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} className="size-4 accent-emerald-700" />
            Show password
          </label>
        </div>
      </div>
      <button type="submit" disabled={addStaff.isPending} className={`${primaryButton} w-full sm:w-auto`}>
        {addStaff.isPending ? "Adding…" : "Add staff user"}
      </button>
    </form>
  );
}
