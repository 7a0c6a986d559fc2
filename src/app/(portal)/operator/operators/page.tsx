import type { Metadata } from "next";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { OperatorList } from "./operator-list";

export const metadata: Metadata = { title: "Operators · Operator · Reseller Portal" };

export default async function OperatorsPage() {
  if (!(await isOperatorSession())) return null;
  prefetch(trpc.operator.operators.queryOptions());
  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Operators</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        The service&apos;s own staff. Disable one who leaves (never the last one active); reset a password or a lost phone&apos;s two-factor
        sign-in. New operators are added with <code>npm run admin -- user:create --role OPERATOR</code>.
      </p>
      <div className="mt-6">
        <OperatorList />
      </div>
    </HydrateClient>
  );
}
