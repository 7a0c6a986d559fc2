"use client";
/**
 * A funding account as its owner copies it into a bank app: bank, account number and account name,
 * each copyable; or, while it is not usable, what state it is in and why. Used by the Fund wallet page
 * and the operator console's account page.
 */
import { CopyButton } from "~/components/ui/copy-button";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import type { FundingAccountView } from "~/schemas/funding";

export function FundingAccountDetails({ account }: { account: FundingAccountView }) {
  if (account.status === "pending")
    return (
      <Notice tone="info">
        Your account number is being assigned by the bank. This usually takes a few seconds; this page updates by itself.
      </Notice>
    );
  if (account.status === "failed")
    return <ErrorAlert>The bank could not assign an account number. {account.failureReason ?? "Try again in a few minutes."}</ErrorAlert>;
  if (account.status === "deactivated")
    return (
      <Notice tone="warning">
        This account number no longer funds the wallet: do not transfer to it. {account.failureReason ?? "Contact support for a new one."}
      </Notice>
    );
  return (
    <dl className="grid gap-4 sm:grid-cols-3" aria-label="Funding account">
      <div>
        <dt className="text-sm text-slate-500">Bank</dt>
        <dd className="mt-1 text-lg font-semibold" data-testid="funding-bank">
          {account.bankName}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-500">Account number</dt>
        <dd className="mt-1 font-mono text-2xl font-semibold tracking-wider tabular-nums" data-testid="funding-account-number">
          {account.accountNumber}
        </dd>
        <dd className="mt-1">
          <CopyButton text={account.accountNumber ?? ""} what="account number" />
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-500">Account name</dt>
        <dd className="mt-1 text-lg font-semibold break-words" data-testid="funding-account-name">
          {account.accountName}
        </dd>
        <dd className="mt-1">
          <CopyButton text={account.accountName ?? ""} what="account name" />
        </dd>
      </div>
    </dl>
  );
}
