"use client";
/**
 * The account's pending staff invitations: to whom, who invited, when each link stops working; each can
 * be revoked (its link stops working at once) after a confirmation that names the address.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/components/dates";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { ItemActions, ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import type { PendingInvitationView } from "~/server/services/invitations/list-pending-invitations";
import { useTRPC } from "~/trpc/react";

const COLUMNS = "sm:grid-cols-[minmax(0,2.4fr)_minmax(0,1.4fr)_minmax(0,1.2fr)_7rem]";

export function PendingInvitations({ invitations, onChanged }: { invitations: PendingInvitationView[]; onChanged: () => void }) {
  const trpc = useTRPC();
  const revoke = useMutation(trpc.team.revokeInvitation.mutationOptions());
  const [confirming, setConfirming] = useState<PendingInvitationView | null>(null);

  if (invitations.length === 0) return <p className="text-sm text-slate-600">No invitations waiting.</p>;
  return (
    <>
      <ResponsiveList
        label="Pending invitations"
        columns={COLUMNS}
        headings={["Invited", "Invited by", "Link expires"]}
        items={invitations}
        itemKey={(invitation) => invitation.invitationId}
      >
        {(invitation) => (
          <>
            <div className="min-w-0">
              <p className="font-medium break-all text-slate-900">{invitation.email}</p>
              {invitation.name && <p className="text-slate-600">{invitation.name}</p>}
            </div>
            <ItemFacts>
              <ItemFact label="Invited by">
                <span className="break-all">{invitation.invitedBy}</span>
                <span className="block text-xs text-slate-500">{formatDateTime(invitation.createdAt)}</span>
              </ItemFact>
              <ItemFact label="Link expires">{formatDateTime(invitation.expiresAt)}</ItemFact>
            </ItemFacts>
            <ItemActions>
              <button
                type="button"
                onClick={() => setConfirming(invitation)}
                aria-label={`Revoke the invitation of ${invitation.email}`}
                className={`${buttonClass("secondary", "sm")} w-full sm:w-auto`}
              >
                Revoke
              </button>
            </ItemActions>
          </>
        )}
      </ResponsiveList>

      {confirming && (
        <ConfirmDialog
          title={`Revoke the invitation of ${confirming.email}?`}
          confirmLabel="Revoke invitation"
          pendingLabel="Revoking…"
          tone="danger"
          {...mutationConfirmProps(revoke, () => setConfirming(null))}
          onConfirm={() =>
            revoke.mutate({ invitationId: confirming.invitationId }, { onSuccess: () => (setConfirming(null), onChanged()) })
          }
        >
          <p>The link stops working at once. You can invite {confirming.email} again afterwards, with a new link.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
