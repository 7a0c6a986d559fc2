import "server-only";
/**
 * tRPC for server components: `prefetch(trpc.session.me.queryOptions())` starts the query during the
 * server render, and <HydrateClient> waits for it and hands its result to the client components below it.
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

/**
 * Waits for every query prefetched in this request before handing the cache over. A query still in
 * flight would be sent pending: the client components below render it pending on the server
 * ("Loading…"), while the browser, if its result has streamed in by then, hydrates with the data, and
 * React throws the server's HTML away with a hydration error. Settled, both render the same thing:
 * the data, or (for a failed query, which is not sent) the pending state the browser then fetches.
 */
export async function HydrateClient({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  await Promise.allSettled(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.promise),
  );
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of the router
export function prefetch<T extends ReturnType<TRPCQueryOptions<any>>>(queryOptions: T): void {
  void getQueryClient().prefetchQuery(queryOptions);
}

/**
 * Prefetches a page's reads and waits for them, together (so it costs the slowest of them): a query
 * still pending would be handed to the browser as a promise, and one that then fails (an unknown id)
 * would be retried there with the default back-off before the page could say there is no such thing. A
 * failed one is simply not sent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of the router
export async function prefetchAwaited(...queries: ReturnType<TRPCQueryOptions<any>>[]): Promise<void> {
  const queryClient = getQueryClient();
  await Promise.all(queries.map((queryOptions) => queryClient.prefetchQuery(queryOptions)));
}
