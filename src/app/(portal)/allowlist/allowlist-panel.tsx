"use client";
import { useQuery } from "@tanstack/react-query";
import { LoadingRows, QueryStates } from "~/components/ui/load-states";
import { cardClass, Panel } from "~/components/ui/panel";
import type { AllowlistStatus } from "~/server/services/allowlist/get-allowlist-status";
import { useTRPC } from "~/trpc/react";
import { describeEntry, displayEntry } from "~/components/allowlist-entry";

function BlockedBanner() {
  return (
    <div role="alert" className="rounded-xl border-2 border-red-300 bg-red-50 p-4 text-red-900 sm:p-5">
      <h2 className="text-base font-semibold">API access is blocked</h2>
      <p className="mt-1 text-sm">Your API keys cannot be used until your account manager adds your servers&apos; IP addresses.</p>
      <p className="mt-2 text-sm">
        Until then every API request is refused with <code className="rounded bg-red-100 px-1">403 ip.not_configured</code>. Send your
        account manager the public IP addresses (or CIDR ranges) your servers call from.
      </p>
    </div>
  );
}

function Requirement({ status }: { status: AllowlistStatus }) {
  const [answer, explanation] = !status.required
    ? [
        "Not required",
        "Requests with a valid API key are accepted from any address. You can ask your account manager to switch the allowlist on for extra protection.",
      ]
    : status.requiredByPolicy
      ? [
          "Required by policy",
          "Accounts opened on or after 1 July 2026 must list the addresses of their servers. This cannot be switched off.",
        ]
      : ["Required (opted in)", "Your account has chosen to accept API requests only from listed addresses."];
  return (
    <section aria-labelledby="requirement-heading" className={cardClass}>
      <h2 id="requirement-heading" className="text-sm font-medium text-slate-500">
        Allowlist
      </h2>
      <p className="mt-1 text-lg font-semibold">{answer}</p>
      <p className="mt-1 text-sm text-slate-600">{explanation}</p>
    </section>
  );
}

function Entries({ status }: { status: AllowlistStatus }) {
  return (
    <Panel id="entries-heading" title="Allowed addresses">
      {status.entries.length === 0 ? (
        <p className="text-sm text-slate-600">
          {status.required ? "No addresses yet." : "No addresses listed: requests are accepted from any address."}
        </p>
      ) : (
        <ul aria-label="Allowed addresses" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {status.entries.map((entry) => (
            <li key={entry} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
              <code className="font-mono text-sm break-all text-slate-900">{displayEntry(entry)}</code>
              <span className="text-xs text-slate-500">{describeEntry(entry)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The viewer's own address, as the API would judge a request from it. */
function YourAddress({ yours }: { yours: NonNullable<AllowlistStatus["yourAddress"]> }) {
  return (
    <section aria-labelledby="your-address-heading" className={cardClass}>
      <h2 id="your-address-heading" className="text-sm font-medium text-slate-500">
        Your current address
      </h2>
      <p className="mt-1 font-mono text-lg font-semibold break-all" data-testid="your-address">
        {yours.address}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {yours.allowedBy
          ? `This is the address your browser reaches us from, as our servers see it. It is on your allowlist (${displayEntry(yours.allowedBy)}).`
          : "This is the address your browser reaches us from, as our servers see it. It is not on your allowlist."}{" "}
        Your servers&apos; API requests are checked against their own addresses, which may differ: call from the server itself to be sure.
      </p>
    </section>
  );
}

export function AllowlistPanel({ viewerIsOwner }: { viewerIsOwner: boolean }) {
  const trpc = useTRPC();
  const status = useQuery(trpc.allowlist.status.queryOptions());

  return (
    <QueryStates
      query={status}
      loading={
        <div className="mt-6">
          <LoadingRows label="Loading the allowlist…" rows={2} />
        </div>
      }
      errorClassName="mt-6"
    >
      {(data) => (
        <div className="mt-6 space-y-4">
          {data.apiBlocked && <BlockedBanner />}
          <Requirement status={data} />
          <Entries status={data} />
          {data.yourAddress && <YourAddress yours={data.yourAddress} />}
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-800">This list is read-only here.</span>{" "}
            {viewerIsOwner
              ? "To add or remove an address, ask your account manager: operators change the allowlist on the account holder's request."
              : "To add or remove an address, ask your account owner to request it from your account manager."}
          </p>
        </div>
      )}
    </QueryStates>
  );
}
