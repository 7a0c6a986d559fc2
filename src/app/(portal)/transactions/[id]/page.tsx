import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getSessionActor } from "~/server/auth/session";
import { getQueryClient, HydrateClient, trpc } from "~/trpc/server";
import { TransactionDetail } from "./transaction-detail";
import { redirectWithoutFullSession } from "../../page-access";

export const metadata: Metadata = { title: "Transaction · Reseller Portal" };

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await getSessionActor();
  if (!actor) return redirectWithoutFullSession();
  const { id } = await params;

  // Awaited here (not just prefetched) so that an unknown or foreign id is a real 404 page.
  try {
    await getQueryClient().fetchQuery(trpc.transactions.byId.queryOptions({ id }));
  } catch (error) {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  }

  return (
    <HydrateClient>
      <nav aria-label="Breadcrumb" className="text-sm print:hidden">
        <Link href="/transactions" className="text-emerald-800 underline-offset-2 hover:underline">
          ← All transactions
        </Link>
      </nav>
      {/* Operators don't buy; a purchase is bought again in the mode (live or test data) it was made in. */}
      <TransactionDetail id={id} buyingMode={actor.role === "OPERATOR" ? null : actor.livemode !== false} />
    </HydrateClient>
  );
}
