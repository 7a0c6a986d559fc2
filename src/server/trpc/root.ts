import { createCallerFactory, createTRPCRouter } from "~/server/trpc/init";
import { allowlistRouter } from "~/server/trpc/routers/allowlist";
import { apiKeysRouter } from "~/server/trpc/routers/api-keys";
import { batchesRouter } from "~/server/trpc/routers/batches";
import { catalogRouter } from "~/server/trpc/routers/catalog";
import { dashboardRouter } from "~/server/trpc/routers/dashboard";
import { fundingRouter } from "~/server/trpc/routers/funding";
import { invitationsRouter } from "~/server/trpc/routers/invitations";
import { invoicesRouter } from "~/server/trpc/routers/invoices";
import { operatorRouter } from "~/server/trpc/routers/operator";
import { purchasesRouter } from "~/server/trpc/routers/purchases";
import { recipientsRouter } from "~/server/trpc/routers/recipients";
import { securityRouter } from "~/server/trpc/routers/security";
import { sessionRouter } from "~/server/trpc/routers/session";
import { teamRouter } from "~/server/trpc/routers/team";
import { testWalletRouter } from "~/server/trpc/routers/test-wallet";
import { transactionsRouter } from "~/server/trpc/routers/transactions";
import { webhooksRouter } from "~/server/trpc/routers/webhooks";

/** The portal's API: one sub-router per area, each a thin layer over src/server/services. */
export const appRouter = createTRPCRouter({
  session: sessionRouter,
  security: securityRouter,
  dashboard: dashboardRouter,
  transactions: transactionsRouter,
  purchases: purchasesRouter,
  recipients: recipientsRouter,
  batches: batchesRouter,
  testWallet: testWalletRouter,
  funding: fundingRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  allowlist: allowlistRouter,
  team: teamRouter,
  invitations: invitationsRouter,
  operator: operatorRouter,
  catalog: catalogRouter,
  invoices: invoicesRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls without HTTP: tests, and server components through src/trpc/server.tsx. */
export const createCaller = createCallerFactory(appRouter);
