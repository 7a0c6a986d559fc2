/**
 * Medians across repeated benchmark runs (`npm run bench -- --repeat N`): targets are read against the
 * median run, not the best one.
 */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 100) / 100;
}

/**
 * The median of each numeric field across runs, keeping the shape of one run's object; a boolean (a
 * check) holds only if it held in every run; other values are the first run's.
 */
export function medianOf<T>(values: T[]): T {
  const first = values[0];
  if (typeof first === "number") return median(values as number[]) as T;
  if (typeof first === "boolean") return values.every(Boolean) as T;
  if (first === null || typeof first !== "object" || Array.isArray(first)) return first as T;
  return Object.fromEntries(
    Object.keys(first).map((key) => [key, medianOf(values.map((value) => (value as Record<string, unknown>)[key]))]),
  ) as T;
}
