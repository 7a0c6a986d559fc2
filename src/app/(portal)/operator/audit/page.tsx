import type { Metadata } from "next";
import { AUDIT_PAGE_SIZE } from "~/schemas/operator-console";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { AuditLog } from "./audit-log";
import { readAuditFilters } from "./audit-search-params";

export const metadata: Metadata = { title: "Audit log · Operator · Reseller Portal" };

export default async function OperatorAuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!(await isOperatorSession())) return null;
  const raw = await searchParams;
  const filters = readAuditFilters(
    new URLSearchParams(Object.entries(raw).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : []))),
  );
  prefetch(trpc.operator.auditLog.queryOptions({ ...filters, limit: AUDIT_PAGE_SIZE }));

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every change to accounts, wallets, allowlists, keys and users: who made it, when and from where.
      </p>
      <div className="mt-6">
        <AuditLog />
      </div>
    </HydrateClient>
  );
}
