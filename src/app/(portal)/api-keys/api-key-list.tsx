"use client";
/**
 * The account's keys: one row per key with its dates and status; on a phone each row stacks into a
 * card, with every value still labelled. Revoking asks first, naming the key.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "~/components/account-admin/confirm-dialog";
import { describeError } from "~/components/account-admin/describe-error";
import { formatDateTime } from "~/components/dates";
import { rowButton } from "~/components/account-admin/styles";
import type { ApiKeyView } from "~/server/services/api-keys/list-api-keys";
import { useTRPC } from "~/trpc/react";

const COLUMNS = "sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1.4fr)_6rem_7rem] sm:items-center sm:gap-4";

function KeyStatus({ status }: { status: ApiKeyView["status"] }) {
  return status === "active" ? (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
      Active
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-500/20 ring-inset">
      Revoked
    </span>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 sm:block">
      <dt className="text-slate-500 sm:sr-only">{label}</dt>
      <dd className="text-right text-slate-700 sm:text-left">{children}</dd>
    </div>
  );
}

export function ApiKeyList({ keys, onRevoked }: { keys: ApiKeyView[]; onRevoked: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions());
  const [confirming, setConfirming] = useState<ApiKeyView | null>(null);

  if (keys.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
        No API keys yet. Create one above for each server that calls the API.
      </p>
    );
  }

  return (
    <>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div aria-hidden="true" className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium text-slate-500 uppercase ${COLUMNS}`}>
          <span>Name</span>
          <span>Created</span>
          <span>Last used</span>
          <span>Status</span>
          <span className="sr-only">Actions</span>
        </div>
        <ul aria-label="API keys" className="divide-y divide-slate-200">
          {keys.map((key) => (
            <li key={key.keyId} className={`px-4 py-3 text-sm ${COLUMNS}`}>
              <p className="font-medium break-words text-slate-900">{key.name}</p>
              <dl className="mt-2 space-y-1 sm:contents">
                <Field label="Created">{formatDateTime(key.createdAt)}</Field>
                <Field label="Last used">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}</Field>
                <Field label="Status">
                  <KeyStatus status={key.status} />
                </Field>
              </dl>
              <div className="mt-3 sm:mt-0 sm:text-right">
                {key.status === "active" ? (
                  <button type="button" onClick={() => setConfirming(key)} aria-label={`Revoke ${key.name}`} className={`${rowButton} w-full sm:w-auto`}>
                    Revoke
                  </button>
                ) : (
                  key.revokedAt && <span className="text-xs text-slate-500">Revoked {formatDateTime(key.revokedAt)}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>

      {confirming && (
        <ConfirmDialog
          title={`Revoke “${confirming.name}”?`}
          confirmLabel="Revoke key"
          pendingLabel="Revoking…"
          destructive
          pending={revoke.isPending}
          error={revoke.error ? describeError(revoke.error) : null}
          onCancel={() => {
            revoke.reset();
            setConfirming(null);
          }}
          onConfirm={() =>
            revoke.mutate(
              { keyId: confirming.keyId },
              {
                onSuccess: ({ keyId, revokedAt }) => {
                  // Show it revoked as the dialog closes; the refetch that follows confirms it.
                  queryClient.setQueryData(trpc.apiKeys.list.queryKey(), (current) =>
                    current?.map((key) => (key.keyId === keyId ? { ...key, status: "revoked" as const, revokedAt: new Date(revokedAt) } : key)),
                  );
                  setConfirming(null);
                  onRevoked();
                },
              },
            )
          }
        >
          <p>Any server still using this key is refused from its very next request. This cannot be undone.</p>
          <p>Before revoking, make sure your servers have switched to another key.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
