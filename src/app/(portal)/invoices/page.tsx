import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { accountFromSearchParams } from "~/schemas/account-param";
import { getSessionActor } from "~/server/auth/session";
import { InvoiceMonths } from "./invoice-months";

export const metadata: Metadata = { title: "Invoices · Reseller Portal" };

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await getSessionActor();
  if (!actor) redirect("/sign-in");
  const accountId = accountFromSearchParams(await searchParams);

  if (actor.role === "STAFF") {
    return (
      <section>
        <h1 className="text-2xl font-semibold tracking-tight">Invoices</h1>
        <p className="mt-3 text-slate-600">Invoices are available to the account owner. Ask them for a copy.</p>
      </section>
    );
  }
  if (actor.role === "OPERATOR" && !accountId) {
    return (
      <section>
        <h1 className="text-2xl font-semibold tracking-tight">Invoices</h1>
        <p className="mt-3 text-slate-600">Open an account in the operator console to see its invoices.</p>
      </section>
    );
  }
  return <InvoiceMonths accountId={actor.role === "OPERATOR" ? accountId : undefined} />;
}
