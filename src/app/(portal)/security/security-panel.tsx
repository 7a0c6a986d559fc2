"use client";
/**
 * A person's security page (docs/security.md): password, two-factor sign-in and recovery
 * codes, the sessions signed in now (device and address; sign out one, or everywhere), and recent
 * security events from the audit log.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { formatDateTime } from "~/components/dates";
import { describeError } from "~/components/describe-error";
import { ChangePasswordForm } from "~/components/security/change-password-form";
import { RecoveryCodesList } from "~/components/security/recovery-codes-list";
import { TwoFactorSetup } from "~/components/security/two-factor-setup";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { LoadingRows, QueryStates } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import type { SecurityOverview } from "~/server/services/security/get-security-overview";
import { useTRPC } from "~/trpc/react";

const EVENT_WORDS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.sign_out": "Signed out",
  "auth.session_end": "Signed out a session",
  "auth.sign_out_everywhere": "Signed out everywhere",
  "auth.reauthentication_failed": "Wrong password or code on this page",
  "user.password_change": "Password changed",
  "user.password_reset": "Password reset (temporary password issued)",
  "user.two_factor_enable": "Two-factor sign-in turned on",
  "user.two_factor_disable": "Two-factor sign-in turned off",
  "user.two_factor_reset": "Two-factor sign-in reset",
  "user.recovery_codes_regenerate": "New recovery codes",
  "user.disable": "Sign-in disabled",
  "user.enable": "Sign-in enabled again",
};

function FreshCodeForm({
  label,
  pendingLabel,
  onCode,
  pending,
}: {
  label: string;
  pendingLabel: string;
  onCode: (code: string) => void;
  pending: boolean;
}) {
  const [id] = useState(() => label.toLowerCase().replace(/\W+/g, "-"));
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={label}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        onCode(String(new FormData(event.currentTarget).get("code") ?? ""));
      }}
    >
      <TextField id={id} name="code" label="Code from your app, or a recovery code" autoComplete="one-time-code" required />
      <button type="submit" disabled={pending} className={buttonClass("secondary")}>
        {pending ? pendingLabel : label}
      </button>
    </form>
  );
}

function TwoFactorSection({ overview, refresh }: { overview: SecurityOverview; refresh: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const disable = useMutation(trpc.security.disableTwoFactor.mutationOptions());
  const regenerate = useMutation(trpc.security.regenerateRecoveryCodes.mutationOptions());
  const { twoFactor } = overview;

  if (!twoFactor.enabledAt) return <TwoFactorSetup onDone={refresh} />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        On since {formatDateTime(twoFactor.enabledAt)}. {twoFactor.recoveryCodesLeft} of 10 recovery codes left.
      </p>
      {regenerate.data && <RecoveryCodesList codes={regenerate.data.recoveryCodes} />}
      {(disable.error ?? regenerate.error) && <ErrorAlert>{describeError(disable.error ?? regenerate.error)}</ErrorAlert>}
      <FreshCodeForm
        label="Make new recovery codes"
        pendingLabel="Making…"
        pending={regenerate.isPending}
        onCode={(code) => regenerate.mutate({ code }, { onSuccess: refresh })}
      />
      <FreshCodeForm
        label="Turn off two-factor sign-in"
        pendingLabel="Turning off…"
        pending={disable.isPending}
        onCode={(code) =>
          disable.mutate(
            { code },
            {
              // An operator must set it up again before anything else: the server sends them there.
              onSuccess: () => (twoFactor.required ? (router.replace("/sign-in"), router.refresh()) : refresh()),
            },
          )
        }
      />
      {twoFactor.required && (
        <p className="text-sm text-slate-600">
          Operators must use two-factor sign-in: turning it off takes you to set it up again, on a new phone for instance.
        </p>
      )}
    </div>
  );
}

function SessionsSection({ overview, refresh }: { overview: SecurityOverview; refresh: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const endSession = useMutation(trpc.security.endSession.mutationOptions());
  const everywhere = useMutation(trpc.security.signOutEverywhere.mutationOptions());
  return (
    <div className="space-y-3">
      {(endSession.error ?? everywhere.error) && <ErrorAlert>{describeError(endSession.error ?? everywhere.error)}</ErrorAlert>}
      <ul aria-label="Active sessions" className="divide-y divide-slate-200 text-sm">
        {overview.sessions.map((session) => (
          <li key={session.sessionId} className="flex flex-wrap items-start justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">
                {session.userAgent ?? "Unknown device"}
                {session.current && <span className="ml-2 text-xs font-normal text-emerald-700">(this browser)</span>}
              </p>
              <p className="text-slate-600">
                Signed in {formatDateTime(session.signedInAt)} from {session.signInIp ?? "an unknown address"}
                {session.method !== "password" && ` with ${session.method === "totp" ? "a code" : "a recovery code"}`}; last seen{" "}
                {formatDateTime(session.lastSeenAt)} from {session.lastSeenIp ?? "an unknown address"}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className={buttonClass("secondary", "sm")}
                disabled={endSession.isPending}
                aria-label={`Sign out the session signed in ${formatDateTime(session.signedInAt)}`}
                onClick={() => endSession.mutate({ sessionId: session.sessionId }, { onSuccess: refresh })}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={buttonClass("danger")}
        disabled={everywhere.isPending}
        onClick={() => everywhere.mutate(undefined, { onSuccess: () => (router.replace("/sign-in"), router.refresh()) })}
      >
        {everywhere.isPending ? "Signing out…" : "Sign out everywhere"}
      </button>
    </div>
  );
}

export function SecurityPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.security.overview.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.security.overview.queryKey() });

  return (
    <QueryStates query={overview} loading={<LoadingRows label="Loading your security settings…" />}>
      {(data) => (
        <div className="mt-6 space-y-6">
          <Panel
            id="password-heading"
            title="Password"
            description={data.passwordChangedAt ? `Last changed ${formatDateTime(data.passwordChangedAt)}.` : undefined}
          >
            <ChangePasswordForm onChanged={refresh} />
          </Panel>
          <Panel
            id="two-factor-heading"
            title="Two-factor sign-in"
            description="A code from an authenticator app on your phone, asked for after your password."
          >
            <TwoFactorSection overview={data} refresh={refresh} />
          </Panel>
          <Panel id="sessions-heading" title="Where you are signed in">
            <SessionsSection overview={data} refresh={refresh} />
          </Panel>
          <Panel id="events-heading" title="Recent security events">
            {data.events.length === 0 ? (
              <Notice tone="info">Nothing yet.</Notice>
            ) : (
              <ul aria-label="Security events" className="divide-y divide-slate-200 text-sm">
                {data.events.map((event, index) => (
                  <li key={index} className="py-2">
                    <span className="font-medium text-slate-900">{EVENT_WORDS[event.action] ?? event.action}</span>{" "}
                    <span className="text-slate-600">
                      {formatDateTime(event.at)}
                      {event.sourceIp && ` from ${event.sourceIp}`}
                      {event.by !== "you" && ` by ${event.by}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      )}
    </QueryStates>
  );
}
