/** The margin report's choice in the address: `?period=YYYY-MM`, or `?from=&to=` (Lagos days, both included). */
export type MarginChoice = { period: string } | { from: string; to: string };

function day(value: unknown): string | null {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? value.trim() : null;
}

/** A range when both days are given, otherwise the month asked for, otherwise `currentPeriod`. */
export function readMarginChoice(params: Record<string, string | string[] | undefined>, currentPeriod: string): MarginChoice {
  const from = day(params.from);
  const to = day(params.to);
  if (from && to) return { from, to };
  return { period: typeof params.period === "string" && params.period.trim() !== "" ? params.period.trim() : currentPeriod };
}

export function marginQuery(choice: MarginChoice): string {
  return new URLSearchParams("period" in choice ? { period: choice.period } : { from: choice.from, to: choice.to }).toString();
}
