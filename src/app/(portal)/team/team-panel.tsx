"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoadingRows, QueryStates } from "~/components/ui/load-states";
import { Panel } from "~/components/ui/panel";
import { useTRPC } from "~/trpc/react";
import { InviteStaffForm } from "./invite-staff-form";
import { PendingInvitations } from "./pending-invitations";
import { TeamList } from "./team-list";

export function TeamPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const team = useQuery(trpc.team.list.queryOptions());
  const invitations = useQuery(trpc.team.invitations.queryOptions());
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() });
  const refreshInvitations = () => void queryClient.invalidateQueries({ queryKey: trpc.team.invitations.queryKey() });

  return (
    <div className="mt-6 space-y-6">
      <section aria-labelledby="people-heading">
        <h2 id="people-heading" className="text-base font-semibold">
          People
        </h2>
        <div className="mt-3">
          <QueryStates query={team} loading={<LoadingRows label="Loading your team…" />}>
            {(users) => <TeamList users={users} onChanged={refreshList} />}
          </QueryStates>
        </div>
      </section>

      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading" className="text-base font-semibold">
          Invitations
        </h2>
        <div className="mt-3">
          <QueryStates query={invitations} loading={<LoadingRows label="Loading invitations…" />}>
            {(pending) => <PendingInvitations invitations={pending} onChanged={refreshInvitations} />}
          </QueryStates>
        </div>
      </section>

      <Panel
        id="invite-staff-heading"
        title="Invite staff"
        description="You get a link to pass on; the person opens it to choose their name and password. Links work once, for 7 days."
      >
        <InviteStaffForm pending={invitations.data ?? []} onInvited={refreshInvitations} />
      </Panel>
    </div>
  );
}
