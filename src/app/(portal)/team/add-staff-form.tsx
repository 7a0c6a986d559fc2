"use client";
/**
 * Adds a STAFF user with a temporary password the owner hands over privately. Checked here with the
 * shared schema for quick feedback, and again by the service, whose field problems land on the fields.
 */
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type ComponentProps, type FormEvent } from "react";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert, Notice } from "~/components/ui/notices";
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

  /** One of the form's inputs, bound to its value and its problem. */
  function field(name: Field, props: Omit<ComponentProps<typeof TextField>, "id" | "name" | "value" | "onChange" | "error">) {
    return (
      <TextField
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        error={problems[name]}
        {...props}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      {added && <Notice>Added {added}. Give them the temporary password privately; they can sign in now.</Notice>}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("email", { label: "Email", type: "email", inputMode: "email", autoComplete: "off", required: true })}
        {field("name", {
          label: (
            <>
              Name <span className="font-normal text-slate-500">(optional)</span>
            </>
          ),
          autoComplete: "off",
          maxLength: 200,
        })}
        <div className="sm:col-span-2">
          {field("password", {
            label: "Temporary password",
            hint: "At least 8 characters. Share it with them privately, never by the same channel as the email address.",
            type: showPassword ? "text" : "password",
            autoComplete: "new-password",
            required: true,
            minLength: 8,
          })}
          <label className="mt-2 inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={showPassword}
              onChange={(event) => setShowPassword(event.target.checked)}
              className="size-4 accent-emerald-700"
            />
            Show password
          </label>
        </div>
      </div>
      <button type="submit" disabled={addStaff.isPending} className={`${buttonClass("primary")} w-full sm:w-auto`}>
        {addStaff.isPending ? "Adding…" : "Add staff user"}
      </button>
    </form>
  );
}
