import { createCallerFactory, createTRPCRouter } from "~/server/trpc/init";
import { sessionRouter } from "~/server/trpc/routers/session";

/** The portal's API: one sub-router per area, each a thin layer over src/server/services. */
export const appRouter = createTRPCRouter({
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls without HTTP: tests, and server components through src/trpc/server.tsx. */
export const createCaller = createCallerFactory(appRouter);
