import "server-only";
/**
 * tRPC for server components: `prefetch(trpc.session.me.queryOptions())` starts the query during the
 * server render, and <HydrateClient> hands its result to the client components below it.
 */
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCQueryOptions } from "@trpc/tanstack-react-query";
import { cache, type ReactNode } from "react";
import { createTRPCContext } from "~/server/trpc/init";
import { appRouter } from "~/server/trpc/root";
import { createQueryClient } from "~/trpc/query-client";

// One QueryClient per server request: React's cache() is scoped to the render.
export const getQueryClient = cache(createQueryClient);

export const trpc = createTRPCOptionsProxy({
  ctx: cache(createTRPCContext),
  router: appRouter,
  queryClient: getQueryClient,
});

export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getQueryClient())}>{children}</HydrationBoundary>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of the router
export function prefetch<T extends ReturnType<TRPCQueryOptions<any>>>(queryOptions: T): void {
  void getQueryClient().prefetchQuery(queryOptions);
}
