/**
 * Money on screen: always naira with two decimals, from kobo (bigint on the server, a number or
 * bigint after superjson). One formatter, so every page shows amounts the same way.
 */
const formatter = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", minimumFractionDigits: 2 });

export function formatNaira(kobo: bigint | number | null | undefined): string {
  if (kobo === null || kobo === undefined) return "—";
  const value = typeof kobo === "bigint" ? Number(kobo) : kobo;
  return formatter.format(value / 100);
}

/** Parses what a person types in naira ("1,500.50") into kobo; null when it is not an amount. */
export function parseNairaToKobo(text: string): number | null {
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
