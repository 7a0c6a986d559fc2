"use client";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { formatNaira } from "~/components/money";
import type { DailySpend } from "~/server/services/dashboard/get-dashboard-summary";
import { formatDayLong, formatDayShort } from "~/components/dates";
import { cardClass } from "~/components/ui/panel";
import { SpendTable } from "./spend-table";

const compactNaira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", notation: "compact", maximumFractionDigits: 1 });

/**
 * Daily spend over the last 30 days. The chart is drawn for sighted users and hidden from assistive
 * technology; the same facts are given as a sentence and as a table (behind "Show the figures"), which
 * is what a screen reader reads instead. Without a purchase in the period there is nothing to draw.
 */
export function DailySpendChart({ days }: { days: DailySpend[] }) {
  const total = days.reduce((sum, day) => sum + day.amount, 0n);
  const purchases = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce<DailySpend | null>((best, day) => (day.amount > (best?.amount ?? 0n) ? day : best), null);

  return (
    <section aria-labelledby="daily-heading" className={cardClass}>
      <h2 id="daily-heading" className="text-lg font-semibold">
        Daily spend, last 30 days
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="daily-summary">
        {purchases === 0
          ? "No purchases in the last 30 days."
          : `${formatNaira(total)} over ${purchases} purchase${purchases === 1 ? "" : "s"}${
              busiest ? `; the busiest day was ${formatDayLong(busiest.date)} with ${formatNaira(busiest.amount)}` : ""
            }.`}{" "}
        Spend is successful and pending purchases; purchases include failed ones. By Lagos day.
      </p>
      {total === 0n ? (
        // No scale of ₦0 to ₦4 over thirty empty days: say why there is nothing to draw instead.
        <p className="mt-4 rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          {purchases === 0
            ? "Your daily spend will be drawn here after your first purchase."
            : "Nothing was spent in these 30 days (failed purchases are not charged), so there is nothing to draw."}
        </p>
      ) : (
        <DailySpendFigures days={days} />
      )}
    </section>
  );
}

function DailySpendFigures({ days }: { days: DailySpend[] }) {
  const data = days.map((day) => ({ date: day.date, label: formatDayShort(day.date), naira: Number(day.amount) / 100, count: day.count }));
  const first = days[0];
  const last = days.at(-1);
  return (
    <>
      <div aria-hidden="true" className="mt-4 h-60 w-full min-w-0">
        <BarChart
          responsive
          accessibilityLayer={false}
          data={data}
          style={{ width: "100%", height: "100%" }}
          margin={{ top: 5, right: 5, bottom: 5, left: 0 }}
        >
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#64748b" }} tickLine={false} interval="preserveStartEnd" minTickGap={16} />
          <YAxis
            tick={{ fontSize: 11, fill: "#64748b" }}
            tickLine={false}
            axisLine={false}
            width={56}
            allowDecimals={false}
            tickFormatter={(value: number) => compactNaira.format(value)}
          />
          <Tooltip
            cursor={{ fill: "#ecfdf5" }}
            separator=": "
            formatter={(value) => [formatNaira(Math.round(Number(value) * 100)), "Spend"]}
            labelFormatter={(_, payload) => {
              const date = (payload?.[0]?.payload as { date?: string } | undefined)?.date;
              return date ? formatDayLong(date) : "";
            }}
          />
          <Bar dataKey="naira" fill="#047857" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-emerald-800 hover:underline">Show the figures as a table</summary>
        <div className="mt-2 max-h-80 overflow-y-auto">
          <SpendTable
            caption={`Spend per day from ${first ? formatDayLong(first.date) : ""} to ${last ? formatDayLong(last.date) : ""}`}
            rowHeading="Day"
            rows={[...days]
              .reverse()
              .map((day) => ({ key: day.date, label: formatDayLong(day.date), count: day.count, amount: day.amount }))}
          />
        </div>
      </details>
    </>
  );
}
