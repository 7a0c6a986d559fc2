/**
 * An account's allowlist as the operator commands print it: IPv4 before IPv6, then by address and
 * prefix length, so a list reads like a routing table rather than in text order ("10." before "9.").
 */
import type { DbClient } from "~/server/db";
import { parseCidr } from "~/server/ip/address";

function sortKey(entry: string): number[] {
  const range = parseCidr(entry);
  if (!range) return [2];
  const [address, bits] = range;
  return [address.kind() === "ipv4" ? 0 : 1, ...address.toByteArray(), bits];
}

function compareKeys(a: number[], b: number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? -1) - (b[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

export async function readAllowlist(client: DbClient, accountId: string): Promise<string[]> {
  const rows = await client.allowlistEntry.findMany({ where: { accountId }, select: { cidr: true } });
  return rows
    .map((row) => ({ cidr: row.cidr, key: sortKey(row.cidr) }))
    .sort((a, b) => compareKeys(a.key, b.key) || a.cidr.localeCompare(b.cidr))
    .map((row) => row.cidr);
}
