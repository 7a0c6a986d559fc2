/**
 * Our wallet at the upstream (issue 17, "Their wallet"): VTpass refuses orders with 018 once it is empty,
 * so the operator console shows it and warns below VTPASS_LOW_BALANCE_KOBO. Operators only. Never
 * throws for the upstream's sake: the sandbox has no wallet, and an unreachable or garbled answer is
 * "not available" with the reason, never an error page.
 */
import { env } from "~/env";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { logger } from "~/server/log";
import { getVendProvider, type VendProvider } from "~/server/providers";

export type UpstreamBalance =
  | { available: true; provider: string; balanceKobo: bigint; lowThresholdKobo: bigint; low: boolean }
  | { available: false; provider: string; reason: string };

interface WithBalance {
  /** Naira as the upstream gives it; null when its answer carries none. */
  balance(): Promise<number | null>;
}

function hasBalance(provider: VendProvider): provider is VendProvider & WithBalance {
  return typeof (provider as Partial<WithBalance>).balance === "function";
}

export async function getUpstreamBalance(
  actor: Actor,
  options: { provider?: VendProvider; lowThresholdKobo?: number } = {},
): Promise<UpstreamBalance> {
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
  if (naira === null || naira < 0)
    return { available: false, provider: provider.name, reason: "The upstream's answer carried no balance." };
  const balanceKobo = BigInt(Math.round(naira * 100));
  const lowThresholdKobo = BigInt(options.lowThresholdKobo ?? env.VTPASS_LOW_BALANCE_KOBO);
  return { available: true, provider: provider.name, balanceKobo, lowThresholdKobo, low: balanceKobo < lowThresholdKobo };
}
