/**
 * The owner's and staff's dashboard: the period its figures cover, chosen from presets (Lagos days,
 * today included). Each is compared with the period before it (get-spend-in-period.ts says which).
 */
import { z } from "zod";

export const SPEND_PERIODS = ["today", "7d", "30d", "month"] as const;
export type SpendPeriod = (typeof SPEND_PERIODS)[number];

export const SPEND_PERIOD_LABELS: Record<SpendPeriod, string> = {
  today: "Today",
  "7d": "7 days",
  "30d": "30 days",
  month: "This month",
};

export const spendPeriodInput = z.object({ period: z.enum(SPEND_PERIODS).default("7d") });
export type SpendPeriodInput = z.input<typeof spendPeriodInput>;

/** The period in a dashboard address (`?period=30d`); the default for anything else. */
export function readSpendPeriod(value: unknown): SpendPeriod {
  return SPEND_PERIODS.find((period) => period === value) ?? "7d";
}
