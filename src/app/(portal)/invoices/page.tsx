import type { Metadata } from "next";
import { accountFromSearchParams } from "~/schemas/account-param";
import { pageAccess } from "../page-access";
import { InvoiceMonths } from "./invoice-months";

export const metadata: Metadata = { title: "Invoices · Reseller Portal" };

export default async function InvoicesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const accountId = accountFromSearchParams(await searchParams);
  const { actor } = await pageAccess("invoices", { forAnAccount: Boolean(accountId) });
  return <InvoiceMonths accountId={actor.role === "OPERATOR" ? accountId : undefined} testData={actor.livemode === false} />;
}
