"use client";
/**
 * The portal's tRPC client for client components: `const trpc = useTRPC()` then
 * `useQuery(trpc.session.me.queryOptions())`. Wrapped around every page by the root layout.
 */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchStreamLink, loggerLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import type { AppRouter } from "~/server/trpc/root";
import { createQueryClient } from "~/trpc/query-client";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

let browserQueryClient: QueryClient | undefined;
function getQueryClient(): QueryClient {
  // On the server every request needs its own client, or users would see each other's cache.
  if (typeof window === "undefined") return createQueryClient();
  // In the browser one client for the page's life, so a suspending render does not lose its cache.
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}

/**
 * A 4xx is the service refusing what was asked (a taken e-mail, a wrong code): the page shows it to the
 * user, so it is not a fault for the console of a production build, whose errors are what people and
 * monitoring look for. Anything else (a 5xx, a lost connection) still is.
 */
function isRefusal(error: Error): boolean {
  const status = error instanceof TRPCClientError ? (error.data as { httpStatus?: unknown } | undefined)?.httpStatus : undefined;
  return typeof status === "number" && status >= 400 && status < 500;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        loggerLink({
          enabled: (op) =>
            process.env.NODE_ENV === "development" || (op.direction === "down" && op.result instanceof Error && !isRefusal(op.result)),
        }),
        // Relative URL: the portal is served from the same origin as the API, on whatever host and port.
        httpBatchStreamLink({ transformer: superjson, url: "/api/trpc" }),
      ],
    }),
  );

  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
