import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { pageAccess } from "../page-access";
import { TeamPanel } from "./team-panel";

export const metadata: Metadata = { title: "Team · Reseller Portal" };

export default async function TeamPage() {
  await pageAccess("team");
  prefetch(trpc.team.list.queryOptions());
  prefetch(trpc.team.invitations.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Staff users sign in to buy through the portal and to see the balance and transactions. They cannot see API keys or manage the team.
      </p>
      <TeamPanel />
    </HydrateClient>
  );
}
