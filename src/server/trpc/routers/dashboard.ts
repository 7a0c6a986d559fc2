import { getDashboardSummary } from "~/server/services/dashboard/get-dashboard-summary";
import { getOperatorOverview } from "~/server/services/dashboard/get-operator-overview";
import { getSpendInPeriod } from "~/server/services/dashboard/get-spend-in-period";
import { spendPeriodInput } from "~/schemas/dashboard";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "~/server/trpc/init";

export const dashboardRouter = createTRPCRouter({
  /** Balance, this Lagos month's spend, 30 days of daily spend and the latest transactions of the caller's account. */
  summary: protectedProcedure.query(({ ctx }) => getDashboardSummary(ctx.actor)),
  /** Spend, purchases and failures over a preset period, beside the period before it. */
  period: protectedProcedure.input(spendPeriodInput).query(({ ctx, input }) => getSpendInPeriod(ctx.actor, input)),
  /** Counts for the operator's landing page. */
  operatorOverview: operatorProcedure.query(({ ctx }) => getOperatorOverview(ctx.actor)),
});
