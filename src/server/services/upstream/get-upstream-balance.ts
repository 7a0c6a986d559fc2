/**
 * Our wallet at an upstream, read now (issue 17, "Their wallet"): what readUpstreamBalances records and
 * judges against the upstream's floor. Operators only. Never throws for the upstream's sake: the sandbox
 * has no wallet, and an unreachable or garbled answer is "not available" with the reason (and a log line).
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { logger } from "~/server/log";
import { getVendProvider, type VendProvider } from "~/server/providers";

export type UpstreamBalance =
  { available: true; provider: string; balanceKobo: bigint } | { available: false; provider: string; reason: string };

interface WithBalance {
  /** Naira as the upstream gives it; null when its answer carries none. */
  balance(): Promise<number | null>;
}

function hasBalance(provider: VendProvider): provider is VendProvider & WithBalance {
  return typeof (provider as Partial<WithBalance>).balance === "function";
}

export async function getUpstreamBalance(actor: Actor, options: { provider?: VendProvider } = {}): Promise<UpstreamBalance> {
  assertOperator(actor);
  let provider: VendProvider;
  try {
    provider = options.provider ?? getVendProvider();
  } catch {
    return { available: false, provider: "unknown", reason: "The upstream provider is not configured correctly." };
  }
  if (!hasBalance(provider)) return { available: false, provider: provider.name, reason: `The ${provider.name} provider has no wallet.` };
  let naira: number | null;
  try {
    naira = await provider.balance();
  } catch (error) {
    logger.warn({ provider: provider.name, err: String(error) }, "upstream balance could not be read");
    return { available: false, provider: provider.name, reason: "The upstream did not answer." };
  }
  if (naira === null || naira < 0) {
    logger.warn({ provider: provider.name }, "upstream balance answer carried no balance");
    return { available: false, provider: provider.name, reason: "The upstream's answer carried no balance." };
  }
  return { available: true, provider: provider.name, balanceKobo: BigInt(Math.round(naira * 100)) };
}
