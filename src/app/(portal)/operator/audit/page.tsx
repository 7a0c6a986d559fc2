import type { Metadata } from "next";
import { AUDIT_PAGE_SIZE } from "~/schemas/operator-console";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";
import { isOperatorSession } from "../operator-page-guard";
import { AuditLog } from "./audit-log";
import { auditInput, readAuditFilters } from "./audit-search-params";

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
  prefetch(trpc.operator.auditLog.queryOptions({ ...auditInput(filters), limit: AUDIT_PAGE_SIZE }));

  return (
    <HydrateClient>
      <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every change to accounts, wallets, the catalog, prices, keys and users, and every sign-in: who, when, from where and what changed.
      </p>
      <div className="mt-6">
        <AuditLog />
      </div>
    </HydrateClient>
  );
}
