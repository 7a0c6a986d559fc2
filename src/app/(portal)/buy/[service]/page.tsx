import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BillPayment } from "~/components/buy/bill-payment";
import { BILL_SERVICE_WORDS, isBillServicePath } from "~/components/buy/bill-services";
import { HydrateClient, prefetch, trpc } from "~/trpc/server";

interface BillPageProps {
  params: Promise<{ service: string }>;
}

export async function generateMetadata({ params }: BillPageProps): Promise<Metadata> {
  const { service } = await params;
  return {
    title: isBillServicePath(service) ? `Pay ${BILL_SERVICE_WORDS[service].title} · Reseller Portal` : "Not found · Reseller Portal",
  };
}

export default async function BillPage({ params }: BillPageProps) {
  const { service } = await params;
  if (!isBillServicePath(service)) notFound();
  prefetch(trpc.purchases.billProducts.queryOptions({ service }));
  return (
    <HydrateClient>
      <h2 className="sr-only">{BILL_SERVICE_WORDS[service].title}</h2>
      <BillPayment key={service} service={service} />
    </HydrateClient>
  );
}
