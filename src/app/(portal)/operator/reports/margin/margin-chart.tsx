"use client";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatDayLong, formatDayShort } from "~/components/dates";
import { formatNaira } from "~/components/money";
import { cardClass } from "~/components/ui/panel";
import type { MarginFigures } from "~/server/services/reports/margin-report";

const compactNaira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", notation: "compact", maximumFractionDigits: 1 });

/**
 * Revenue and margin per Lagos day of the report. Drawn for sighted users and hidden from assistive
 * technology, which reads the sentence instead; the figures are in the lists below and in the CSV.
 */
export function MarginChart({ days }: { days: (MarginFigures & { day: string })[] }) {
  const data = days.map((day) => ({
    day: day.day,
    label: formatDayShort(day.day),
    revenue: Number(day.revenue) / 100,
    margin: Number(day.margin) / 100,
  }));
  const best = days.reduce<(MarginFigures & { day: string }) | null>((top, day) => (day.margin > (top?.margin ?? 0n) ? day : top), null);

  return (
    <section aria-labelledby="margin-chart-heading" className={cardClass}>
      <h2 id="margin-chart-heading" className="text-lg font-semibold">
        By day
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="margin-chart-summary">
        {days.length} {days.length === 1 ? "day" : "days"} with sales
        {best ? `; the best margin was ${formatNaira(best.margin)} on ${formatDayLong(best.day)}` : ""}.
      </p>
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
            tickFormatter={(value: number) => compactNaira.format(value)}
          />
          <Tooltip
            cursor={{ fill: "#ecfdf5" }}
            separator=": "
            formatter={(value, name) => [formatNaira(Math.round(Number(value) * 100)), name === "revenue" ? "Revenue" : "Margin"]}
            labelFormatter={(_, payload) => {
              const day = (payload?.[0]?.payload as { day?: string } | undefined)?.day;
              return day ? formatDayLong(day) : "";
            }}
          />
          <Legend formatter={(name) => (name === "revenue" ? "Revenue" : "Margin")} />
          <Bar dataKey="revenue" fill="#94a3b8" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="margin" fill="#047857" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </div>
    </section>
  );
}
