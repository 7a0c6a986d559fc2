"use client";
/**
 * The account's people, owners first. Staff can be disabled (signed out at once, sign-in refused) and
 * enabled again, each after a confirmation that names them. Owners and the viewer have no actions.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { UserFacts } from "~/components/user-facts";
import { TemporaryPasswordNotice, UserSignInActions, type TemporaryPassword } from "~/components/user-sign-in-actions";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { ItemActions, ResponsiveList } from "~/components/ui/responsive-list";
import type { AccountUserView } from "~/server/services/users/list-account-users";
import { useTRPC } from "~/trpc/react";

type TeamMember = AccountUserView & { isYou: boolean };

const COLUMNS = "sm:grid-cols-[minmax(0,2.4fr)_5rem_minmax(0,1fr)_6rem_7rem]";

export function TeamList({ users, onChanged }: { users: TeamMember[]; onChanged: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setDisabled = useMutation(trpc.team.setDisabled.mutationOptions());
  const [confirming, setConfirming] = useState<TeamMember | null>(null);
  const [issued, setIssued] = useState<TemporaryPassword | null>(null);
  const disabling = confirming ? confirming.disabledAt === null : false;

  return (
    <>
      {issued && <TemporaryPasswordNotice issued={issued} />}
      <ResponsiveList
        label="Team members"
        columns={COLUMNS}
        headings={["Person", "Role", "Added", "Status"]}
        items={users}
        itemKey={(user) => user.userId}
      >
        {(user) => (
          <>
            <div className="min-w-0">
              <p className="font-medium break-all text-slate-900">
                {user.email}
                {user.isYou && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
              </p>
              {user.name && <p className="text-slate-600">{user.name}</p>}
            </div>
            <UserFacts user={user} />
            <ItemActions>
              {user.role === "STAFF" && !user.isYou && (
                <button
                  type="button"
                  onClick={() => setConfirming(user)}
                  aria-label={`${user.disabledAt ? "Enable" : "Disable"} ${user.email}`}
                  className={`${buttonClass("secondary", "sm")} w-full sm:w-auto`}
                >
                  {user.disabledAt ? "Enable" : "Disable"}
                </button>
              )}
              {user.role === "STAFF" && !user.isYou && !user.disabledAt && (
                <UserSignInActions by="owner" user={user} onChanged={onChanged} onIssued={setIssued} />
              )}
            </ItemActions>
          </>
        )}
      </ResponsiveList>
      {users.every((user) => user.role !== "STAFF") && (
        <p className="mt-3 text-sm text-slate-600">No staff users yet. Invite one below for each person who buys through the portal.</p>
      )}

      {confirming && (
        <ConfirmDialog
          title={`${disabling ? "Disable" : "Enable"} ${confirming.email}?`}
          confirmLabel={disabling ? "Disable user" : "Enable user"}
          pendingLabel={disabling ? "Disabling…" : "Enabling…"}
          tone={disabling ? "danger" : "primary"}
          {...mutationConfirmProps(setDisabled, () => setConfirming(null))}
          onConfirm={() =>
            setDisabled.mutate(
              { userId: confirming.userId, disabled: disabling },
              {
                onSuccess: ({ userId, disabledAt, temporaryPassword, temporaryPasswordExpiresAt }) => {
                  if (temporaryPassword)
                    setIssued({ email: confirming.email, password: temporaryPassword, expiresAt: temporaryPasswordExpiresAt ?? null });
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
            <p>Their old password does not come back: you get a temporary password to give them, good for one sign-in within a day.</p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
