"use client";
/**
 * The invitee's form: their name (the owner's suggestion to start from) and a password. Whatever the
 * server did with it, a used link gets the same answer (messages.ts), so nothing here can tell whether
 * the address already had a sign-in. Problems with the fields go next to them; a link that stopped
 * working meanwhile gets the page's neutral message.
 */
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { appCodeOf, describeError, fieldErrorsOf } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";
import { INVITATION_USED, LINK_NOT_USABLE } from "./messages";

const LABELS = { name: "Your name", password: "Password" } as const;
type Field = keyof typeof LABELS;

export function AcceptInvitationForm({ token, suggestedName, email }: { token: string; suggestedName: string; email: string }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.invitations.accept.mutationOptions());
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);

  if (accept.isSuccess) {
    return (
      <div className="mt-6 space-y-4">
        <Notice>
          {INVITATION_USED.map((sentence) => (
            <p key={sentence} className="mt-1 first:mt-0">
              {sentence}
            </p>
          ))}
        </Notice>
        <Link href="/sign-in" className={`${buttonClass("primary")} w-full`}>
          Go to sign in
        </Link>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    accept.mutate(
      { token, name: String(form.get("name") ?? ""), password: String(form.get("password") ?? "") },
      {
        onSuccess: () => setProblems({}),
        onError: (failure) => {
          const byField = fieldErrorsOf(failure);
          const next: Partial<Record<Field, string>> = {};
          for (const field of Object.keys(LABELS) as Field[]) {
            if (byField[field]) next[field] = `${LABELS[field]} ${byField[field]}.`;
          }
          setProblems(next);
          const code = appCodeOf(failure);
          setError(
            code === "invitation.not_found"
              ? `This invitation link cannot be used. ${LINK_NOT_USABLE}`
              : code === "rate_limit.exceeded"
                ? failure.message
                : describeError(failure),
          );
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Accept the invitation">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {/* For password managers: the address this password will be for. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <TextField
        id="name"
        name="name"
        label={LABELS.name}
        autoComplete="name"
        required
        maxLength={200}
        defaultValue={suggestedName}
        error={problems.name}
      />
      <TextField
        id="password"
        name="password"
        label={LABELS.password}
        hint="At least 8 characters."
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        error={problems.password}
      />
      <button type="submit" disabled={accept.isPending} className={`${buttonClass("primary")} w-full`}>
        {accept.isPending ? "Saving…" : "Accept the invitation"}
      </button>
    </form>
  );
}
