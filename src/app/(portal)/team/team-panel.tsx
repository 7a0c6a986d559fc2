"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoadingRows, QueryStates } from "~/components/ui/load-states";
import { Panel } from "~/components/ui/panel";
import { useTRPC } from "~/trpc/react";
import { AddStaffForm } from "./add-staff-form";
import { TeamList } from "./team-list";

export function TeamPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const team = useQuery(trpc.team.list.queryOptions());
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() });

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

      <Panel id="add-staff-heading" title="Add a staff user">
        <AddStaffForm onAdded={refreshList} />
      </Panel>
    </div>
  );
}
