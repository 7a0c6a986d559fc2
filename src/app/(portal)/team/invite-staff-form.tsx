"use client";
/**
 * Invites a STAFF user (docs/security.md "Staff invitations"): an e-mail and an optional name make an
 * invitation, and its link is shown this once, for the owner to pass on (the service sends no e-mail).
 * Checked here with the shared schema for quick feedback, and again by the service, whose field problems
 * land on the fields. An address already invited can be revoked and invited again from here.
 */
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { appCodeOf, describeError, fieldErrorsOf } from "~/components/describe-error";
import { formatDateTime } from "~/components/dates";
import { ShowOnceSecretDialog } from "~/components/show-once-secret";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { inviteStaffForm } from "~/schemas/invitations";
import type { PendingInvitationView } from "~/server/services/invitations/list-pending-invitations";
import { useTRPC } from "~/trpc/react";

type Field = "email" | "name";
const LABELS: Record<Field, string> = { email: "Email", name: "Name" };
const EMPTY = { email: "", name: "" };

interface IssuedLink {
  email: string;
  link: string;
  expiresAt: Date;
}

export function InviteStaffForm({ pending, onInvited }: { pending: readonly PendingInvitationView[]; onInvited: () => void }) {
  const trpc = useTRPC();
  const invite = useMutation(trpc.team.invite.mutationOptions());
  const revoke = useMutation(trpc.team.revokeInvitation.mutationOptions());
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** The address just refused as already invited: its pending invitation may be revoked to invite again. */
  const [alreadyInvited, setAlreadyInvited] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const id = useId();
  const busy = invite.isPending || revoke.isPending;
  // Read from the list as it is now (refetched when the refusal came), not as it was then.
  const superseding = alreadyInvited === null ? null : (pending.find((invitation) => invitation.email === alreadyInvited) ?? null);

  function send(data: { email: string; name?: string | undefined }) {
    invite.mutate(data, {
      onSuccess: ({ email, token, expiresAt }) => {
        // The link is built on the origin the owner is using, which is the one the invitee can reach.
        setIssued({ email, link: new URL(`/invite/${token}`, window.location.origin).toString(), expiresAt });
        setValues(EMPTY);
        onInvited();
      },
      onError: (error) => {
        const byField = fieldErrorsOf(error);
        const next: Partial<Record<Field, string>> = {};
        for (const field of Object.keys(LABELS) as Field[]) {
          if (byField[field]) next[field] = `${LABELS[field]} ${byField[field]}.`;
        }
        setProblems(next);
        setFormError(describeError(error));
        if (appCodeOf(error) === "invitation.pending") {
          setAlreadyInvited(data.email);
          onInvited();
        }
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setAlreadyInvited(null);
    const parsed = inviteStaffForm.safeParse(values);
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
    send(parsed.data);
  }

  function revokeAndInviteAgain(invitation: PendingInvitationView) {
    revoke.mutate(
      { invitationId: invitation.invitationId },
      {
        onSuccess: () => {
          setAlreadyInvited(null);
          setFormError(null);
          setProblems({});
          send({ email: invitation.email, name: values.name.trim() || undefined });
        },
        onError: (error) => setFormError(describeError(error)),
      },
    );
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && (
          <ErrorAlert>
            <p>{formError}</p>
            {superseding && (
              <button
                type="button"
                disabled={busy}
                onClick={() => revokeAndInviteAgain(superseding)}
                className={`${buttonClass("secondary", "sm")} mt-2`}
              >
                {revoke.isPending ? "Revoking…" : "Revoke it and invite again"}
              </button>
            )}
          </ErrorAlert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-email`}
            name="email"
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            value={values.email}
            onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
            error={problems.email}
          />
          <TextField
            id={`${id}-name`}
            name="name"
            label={
              <>
                Name <span className="font-normal text-slate-500">(optional)</span>
              </>
            }
            hint="A suggestion: they choose their own when they accept."
            autoComplete="off"
            maxLength={200}
            value={values.name}
            onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
            error={problems.name}
          />
        </div>
        <button type="submit" disabled={busy} className={`${buttonClass("primary")} w-full sm:w-auto`}>
          {invite.isPending ? "Inviting…" : "Invite staff"}
        </button>
      </form>

      {issued && (
        <ShowOnceSecretDialog
          title={`Invitation for ${issued.email}`}
          label="Invitation link"
          secret={issued.link}
          what="link"
          doneLabel="I've copied the link"
          onClose={() => setIssued(null)}
          warning={
            <>
              <p className="font-semibold">This is the only time the link is shown. Send it to {issued.email} yourself.</p>
              <p className="mt-1">
                We send no e-mail. Whoever opens the link can join your team as {issued.email}, once, until{" "}
                {formatDateTime(issued.expiresAt)}. If it is lost, revoke the invitation and invite them again.
              </p>
            </>
          }
        >
          <p>
            They choose their own name and password on the page the link opens, then sign in. If {issued.email} already signs in to this
            service for another account, the link cannot add it to yours: they will be told to ask you to invite another address.
          </p>
        </ShowOnceSecretDialog>
      )}
    </>
  );
}
