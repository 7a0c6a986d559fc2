import { defaultShouldDehydrateQuery, QueryClient } from "@tanstack/react-query";
import superjson from "superjson";

/**
 * One QueryClient factory for the browser and for server components. Queries prefetched on the server
 * are dehydrated with superjson (so bigint kobo and Dates survive) once they have settled (HydrateClient
 * waits for them): only data the server render showed may reach the browser's first render.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Server-rendered data is fresh on arrival; without this the client would refetch at once.
        staleTime: 30 * 1000,
      },
      dehydrate: {
        serializeData: superjson.serialize,
        shouldDehydrateQuery: defaultShouldDehydrateQuery,
        // Next.js redacts server errors in production; let the client refetch rather than see a stub.
        shouldRedactErrors: () => false,
      },
      hydrate: {
        deserializeData: superjson.deserialize,
      },
    },
  });
}
