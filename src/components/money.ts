/**
 * Money on screen: always naira with two decimals, from kobo (bigint on the server, a number or
 * bigint after superjson). One formatter, so every page shows amounts the same way.
 */
import type { FieldReading } from "~/components/ui/fields";

const formatter = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", minimumFractionDigits: 2 });

export function formatNaira(kobo: bigint | number | null | undefined): string {
  if (kobo === null || kobo === undefined) return "—";
  const value = typeof kobo === "bigint" ? Number(kobo) : kobo;
  return formatter.format(value / 100);
}

/** Parses what a person types in naira ("1,500.50") into kobo; null when it is not an amount. */
function parseNairaToKobo(text: string): number | null {
  const cleaned = text.replace(/[,\s₦]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Kobo as a naira input's value ("1500.50"), so an edit starts from the amount saved; empty for none. */
export function nairaInputValue(kobo: bigint | number | null | undefined): string {
  if (kobo === null || kobo === undefined) return "";
  const value = BigInt(kobo);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, "0")}`;
}

export interface NairaRules {
  /** The least amount taken, in kobo: by default anything more than nothing; 0n takes zero too. */
  min?: bigint;
  /** The most taken, in kobo. */
  max?: bigint;
  /** A plausible amount for the message, in naira as typed. */
  example?: string;
  /** What to say when the field is empty. */
  whenEmpty?: string;
}

/**
 * What a person typed in a naira field, as kobo, or the problem in the words every form uses. The
 * server checks the amount again; this only saves a round trip and says it where the field is.
 */
export function readNaira(text: string, rules: NairaRules = {}): FieldReading<number> {
  const { min = 1n, max, example = "1,500.50", whenEmpty } = rules;
  if (text.trim() === "") return { problem: whenEmpty ?? "Enter an amount in naira." };
  const kobo = parseNairaToKobo(text);
  if (kobo === null) return { problem: `Enter an amount in naira, such as ${example} (at most two decimals).` };
  const amount = BigInt(kobo);
  if (amount >= min && (max === undefined || amount <= max)) return { value: kobo };
  if (rules.min !== undefined && max !== undefined) {
    return { problem: `The amount must be between ${formatNaira(min)} and ${formatNaira(max)}.` };
  }
  if (amount < min)
    return { problem: min <= 1n ? "The amount must be more than ₦0.00." : `The amount must be at least ${formatNaira(min)}.` };
  return { problem: `The amount can be at most ${formatNaira(max)}.` };
}
