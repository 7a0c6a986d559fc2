"use client";
/**
 * The account's people, owners first. Staff can be disabled (signed out at once, sign-in refused) and
 * enabled again, each after a confirmation that names them. Owners and the viewer have no actions.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "~/components/account-admin/confirm-dialog";
import { describeError } from "~/components/account-admin/describe-error";
import { formatDate } from "~/components/dates";
import { rowButton } from "~/components/account-admin/styles";
import { roleLabel } from "~/components/role-label";
import type { AccountUserView } from "~/server/services/users/list-account-users";
import { useTRPC } from "~/trpc/react";

type TeamMember = AccountUserView & { isYou: boolean };

const COLUMNS = "sm:grid sm:grid-cols-[minmax(0,2.4fr)_5rem_minmax(0,1fr)_6rem_7rem] sm:items-center sm:gap-4";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 sm:block">
      <dt className="text-slate-500 sm:sr-only">{label}</dt>
      <dd className="text-right text-slate-700 sm:text-left">{children}</dd>
    </div>
  );
}

function UserStatus({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-600/20 ring-inset">Disabled</span>
  ) : (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 ring-inset">
      Active
    </span>
  );
}

export function TeamList({ users, onChanged }: { users: TeamMember[]; onChanged: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setDisabled = useMutation(trpc.team.setDisabled.mutationOptions());
  const [confirming, setConfirming] = useState<TeamMember | null>(null);
  const disabling = confirming ? confirming.disabledAt === null : false;

  return (
    <>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div aria-hidden="true" className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium text-slate-500 uppercase ${COLUMNS}`}>
          <span>Person</span>
          <span>Role</span>
          <span>Added</span>
          <span>Status</span>
          <span className="sr-only">Actions</span>
        </div>
        <ul aria-label="Team members" className="divide-y divide-slate-200">
          {users.map((user) => (
            <li key={user.userId} className={`px-4 py-3 text-sm ${COLUMNS}`}>
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">
                  {user.email}
                  {user.isYou && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                </p>
                {user.name && <p className="text-slate-600">{user.name}</p>}
              </div>
              <dl className="mt-2 space-y-1 sm:contents">
                <Field label="Role">{roleLabel(user.role)}</Field>
                <Field label="Added">{formatDate(user.createdAt)}</Field>
                <Field label="Status">
                  <UserStatus disabled={user.disabledAt !== null} />
                </Field>
              </dl>
              <div className="mt-3 sm:mt-0 sm:text-right">
                {user.role === "STAFF" && !user.isYou && (
                  <button
                    type="button"
                    onClick={() => setConfirming(user)}
                    aria-label={`${user.disabledAt ? "Enable" : "Disable"} ${user.email}`}
                    className={`${rowButton} w-full sm:w-auto`}
                  >
                    {user.disabledAt ? "Enable" : "Disable"}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
      {users.every((user) => user.role !== "STAFF") && (
        <p className="mt-3 text-sm text-slate-600">No staff users yet. Add one below for each person who buys through the portal.</p>
      )}

      {confirming && (
        <ConfirmDialog
          title={`${disabling ? "Disable" : "Enable"} ${confirming.email}?`}
          confirmLabel={disabling ? "Disable user" : "Enable user"}
          pendingLabel={disabling ? "Disabling…" : "Enabling…"}
          destructive={disabling}
          pending={setDisabled.isPending}
          error={setDisabled.error ? describeError(setDisabled.error) : null}
          onCancel={() => {
            setDisabled.reset();
            setConfirming(null);
          }}
          onConfirm={() =>
            setDisabled.mutate(
              { userId: confirming.userId, disabled: disabling },
              {
                onSuccess: ({ userId, disabledAt }) => {
                  // Show the new state as the dialog closes; the refetch that follows confirms it.
                  queryClient.setQueryData(trpc.team.list.queryKey(), (current) =>
                    current?.map((user) => (user.userId === userId ? { ...user, disabledAt } : user)),
                  );
                  setConfirming(null);
                  onChanged();
                },
              },
            )
          }
        >
          {disabling ? (
            <>
              <p>They are signed out at once and cannot sign in until you enable them again.</p>
              <p>Their past purchases stay in your transactions.</p>
            </>
          ) : (
            <p>They can sign in again with their existing password.</p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
