"use client";
/**
 * Setting up two-factor sign-in: a QR code (and the secret as text) for an authenticator app, then a
 * code from the app and the current password to confirm. The recovery codes are then shown once, and
 * `onDone` is called when the person says they have kept them.
 */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { describeError } from "~/components/describe-error";
import { buttonClass } from "~/components/ui/buttons";
import { TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { useTRPC } from "~/trpc/react";
import { problemsFor } from "./field-problems";
import { RecoveryCodesList } from "./recovery-codes-list";

const LABELS = { code: "Code", password: "Password" };

export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const start = useMutation(trpc.security.startTwoFactor.mutationOptions());
  const confirm = useMutation(trpc.security.confirmTwoFactor.mutationOptions());
  const [problems, setProblems] = useState<Partial<Record<keyof typeof LABELS, string>>>({});

  if (confirm.data) {
    return (
      <div className="space-y-4">
        <RecoveryCodesList codes={confirm.data.recoveryCodes} />
        <button type="button" onClick={onDone} className={buttonClass("primary")}>
          I have kept my recovery codes
        </button>
      </div>
    );
  }

  if (!start.data) {
    return (
      <div className="space-y-3">
        {start.error && <ErrorAlert>{describeError(start.error)}</ErrorAlert>}
        <p className="text-sm text-slate-600">
          You need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy and others).
        </p>
        <button type="button" onClick={() => start.mutate()} disabled={start.isPending} className={buttonClass("primary")}>
          {start.isPending ? "Starting…" : "Set up two-factor sign-in"}
        </button>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    confirm.mutate(
      { code: String(form.get("code") ?? ""), password: String(form.get("password") ?? "") },
      { onError: (error) => setProblems(problemsFor(error, LABELS)) },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Confirm two-factor sign-in">
      {confirm.error && Object.keys(problems).length === 0 && <ErrorAlert>{describeError(confirm.error)}</ErrorAlert>}
      <p className="text-sm text-slate-700">1. Scan this code with your authenticator app.</p>
      {/* A data: URL made on the server; next/image has nothing to optimise in it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={start.data.qrCode}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="rounded border border-slate-200"
      />
      <p className="text-sm text-slate-600">
        Or type this key into the app:{" "}
        <code data-testid="totp-secret" className="font-mono break-all text-slate-900">
          {start.data.secret}
        </code>
      </p>
      <p className="text-sm text-slate-700">2. Enter the 6-digit code the app shows, and your password.</p>
      <TextField
        id="totp-code"
        name="code"
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        error={problems.code}
      />
      <TextField
        id="totp-password"
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        required
        error={problems.password}
      />
      <button type="submit" disabled={confirm.isPending} className={buttonClass("primary")}>
        {confirm.isPending ? "Turning on…" : "Turn on two-factor sign-in"}
      </button>
    </form>
  );
}
