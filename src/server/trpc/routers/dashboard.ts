import { getDashboardSummary } from "~/server/services/dashboard/get-dashboard-summary";
import { getOperatorOverview } from "~/server/services/dashboard/get-operator-overview";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "~/server/trpc/init";

export const dashboardRouter = createTRPCRouter({
  /** Balance, this Lagos month's spend, 30 days of daily spend and the latest transactions of the caller's account. */
  summary: protectedProcedure.query(({ ctx }) => getDashboardSummary(ctx.actor)),
  /** Counts for the operator's landing page. */
  operatorOverview: operatorProcedure.query(({ ctx }) => getOperatorOverview(ctx.actor)),
});
