"use client";
/**
 * Changing one's own password: the current one (or the temporary one just used to sign in) and a new
 * one. Every other session of the person ends; this one goes on.
 */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { describeError } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";
import { problemsFor } from "./field-problems";

const LABELS = { currentPassword: "Current password", newPassword: "New password" };

export function ChangePasswordForm({ temporary = false, onChanged }: { temporary?: boolean; onChanged?: () => void }) {
  const trpc = useTRPC();
  const change = useMutation(trpc.security.changePassword.mutationOptions());
  const [problems, setProblems] = useState<Partial<Record<keyof typeof LABELS, string>>>({});
  const [done, setDone] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setDone(null);
    change.mutate(
      { currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") },
      {
        onSuccess: ({ otherSessionsEnded }) => {
          setProblems({});
          formElement.reset();
          setDone(
            `Password changed.${otherSessionsEnded > 0 ? ` ${otherSessionsEnded} other session${otherSessionsEnded === 1 ? " was" : "s were"} signed out.` : ""}`,
          );
          onChanged?.();
        },
        onError: (error) => setProblems(problemsFor(error, LABELS)),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
      {change.error && Object.keys(problems).length === 0 && <ErrorAlert>{describeError(change.error)}</ErrorAlert>}
      {done && <Notice>{done}</Notice>}
      <TextField
        id="current-password"
        name="currentPassword"
        label={temporary ? "Temporary password" : "Current password"}
        type="password"
        autoComplete="current-password"
        required
        error={problems.currentPassword}
      />
      <TextField
        id="new-password"
        name="newPassword"
        label="New password"
        hint="At least 8 characters."
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        error={problems.newPassword}
      />
      <button type="submit" disabled={change.isPending} className={buttonClass("primary")}>
        {change.isPending ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}
