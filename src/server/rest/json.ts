/**
 * JSON at the REST edge. Money is bigint kobo inside the server and a JSON integer outside: the one
 * conversion happens here. Amounts are bounded far below 2^53 kobo by validation, so the number is exact.
 */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== "bigint") return item;
    if (item > BigInt(Number.MAX_SAFE_INTEGER) || item < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new Error("amount outside the safe integer range");
    }
    return Number(item);
  });
}
