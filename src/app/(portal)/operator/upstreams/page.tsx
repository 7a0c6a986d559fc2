import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { UpstreamsConsole } from "./upstreams-console";

export const metadata: Metadata = { title: "Upstreams · Operator · Reseller Portal" };

export default async function OperatorUpstreamsPage() {
  if (!(await isOperatorSession())) return null;
  prefetch(trpc.operator.upstreamHealth.queryOptions());

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Upstreams</h1>
      <p className="mt-1 text-sm text-slate-600">
        The providers products are vended through: our wallet at each, how the last hour went, their circuits, and the products with no
        route up. Routes are set per product on the catalog&rsquo;s routes pages.
      </p>
      <div className="mt-6">
        <UpstreamsConsole />
      </div>
    </HydrateClient>
  );
}
