"use client";
/**
 * Helping someone who cannot sign in (an owner for their staff on the Team page; operators for anyone
 * in the console): a password reset, which makes up a temporary password shown here once (good for one
 * sign-in within 24 hours, then they choose their own), and a two-factor reset for a lost phone. Both
 * sign the person out everywhere and are audited.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/components/dates";
import { buttonClass } from "~/components/ui/buttons";
import { CopyButton } from "~/components/ui/copy-button";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { Notice } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";

export interface TemporaryPassword {
  email: string;
  password: string;
  expiresAt: Date | null;
}

/** A temporary password, shown once to whoever reset or re-enabled the user. */
export function TemporaryPasswordNotice({ issued }: { issued: TemporaryPassword }) {
  return (
    <Notice tone="warning">
      <p>
        Temporary password for {issued.email}:{" "}
        <code className="font-mono text-slate-900" data-testid="temporary-password">
          {issued.password}
        </code>
      </p>
      <p className="mt-1">
        Shown this once. Give it to them privately; it signs in once{issued.expiresAt ? `, until ${formatDateTime(issued.expiresAt)}` : ""},
        and they then choose their own.
      </p>
      <div className="mt-2">
        <CopyButton text={issued.password} what="temporary password" />
      </div>
    </Notice>
  );
}

export function UserSignInActions({
  by,
  user,
  onChanged,
  onIssued,
}: {
  by: "owner" | "operator";
  user: { userId: string; email: string };
  onChanged: () => void;
  onIssued: (issued: TemporaryPassword) => void;
}) {
  const trpc = useTRPC();
  const resetPassword = useMutation(
    by === "owner" ? trpc.team.resetPassword.mutationOptions() : trpc.operator.resetPassword.mutationOptions(),
  );
  const resetTwoFactor = useMutation(
    by === "owner" ? trpc.team.resetTwoFactor.mutationOptions() : trpc.operator.resetTwoFactor.mutationOptions(),
  );
  const [asking, setAsking] = useState<"password" | "two-factor" | null>(null);

  return (
    <>
      <button
        type="button"
        onClick={() => setAsking("password")}
        aria-label={`Reset password of ${user.email}`}
        className={buttonClass("secondary", "sm")}
      >
        Reset password
      </button>
      <button
        type="button"
        onClick={() => setAsking("two-factor")}
        aria-label={`Reset 2FA (two-factor sign-in) of ${user.email}`}
        className={buttonClass("secondary", "sm")}
      >
        Reset 2FA
      </button>
      {asking === "password" && (
        <ConfirmDialog
          title={`Reset the password of ${user.email}?`}
          confirmLabel="Reset password"
          pendingLabel="Resetting…"
          tone="danger"
          {...mutationConfirmProps(resetPassword, () => setAsking(null))}
          onConfirm={() =>
            resetPassword.mutate(
              { userId: user.userId },
              {
                onSuccess: ({ temporaryPassword, expiresAt }) => {
                  setAsking(null);
                  if (temporaryPassword) onIssued({ email: user.email, password: temporaryPassword, expiresAt });
                  onChanged();
                },
              },
            )
          }
        >
          <p>Their password stops working and they are signed out everywhere. You get a temporary password to give them.</p>
        </ConfirmDialog>
      )}
      {asking === "two-factor" && (
        <ConfirmDialog
          title={`Reset two-factor sign-in of ${user.email}?`}
          confirmLabel="Reset two-factor sign-in"
          pendingLabel="Resetting…"
          tone="danger"
          {...mutationConfirmProps(resetTwoFactor, () => setAsking(null))}
          onConfirm={() => resetTwoFactor.mutate({ userId: user.userId }, { onSuccess: () => (setAsking(null), onChanged()) })}
        >
          <p>
            For a lost phone: they sign in with their password alone and are signed out everywhere now. Operators must set it up again at
            once.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
