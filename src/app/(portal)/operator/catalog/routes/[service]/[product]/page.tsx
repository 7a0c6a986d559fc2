import type { Metadata } from "next";
import { HydrateClient, prefetchAwaited, trpc } from "~/trpc/server";
import { isOperatorSession } from "../../../../operator-page-guard";
import { ProductRoutesEditor } from "./product-routes-editor";

export const metadata: Metadata = { title: "Routes · Catalog · Operator · Reseller Portal" };

export default async function ProductRoutesPage({ params }: { params: Promise<{ service: string; product: string }> }) {
  if (!(await isOperatorSession())) return null;
  const { service, product } = await params;
  const input = { service, productCode: product };
  await prefetchAwaited(trpc.operator.productRoutes.queryOptions(input as never));

  return (
    <HydrateClient>
      <ProductRoutesEditor service={input.service} productCode={input.productCode} />
    </HydrateClient>
  );
}
