/**
 * Which funding rail is configured, and how: Paystack when PAYSTACK_SECRET_KEY is set, else none, and
 * live funding by bank transfer is off (the portal and the API say so; test mode's simulated account
 * works either way). Read from the environment once, like the vend provider (./index.ts).
 */
import { env } from "~/env";
import type { FeePolicy } from "~/schemas/funding";
import type { FundingProvider } from "./funding-provider";
import { PaystackClient } from "./paystack/paystack-client";
import { PaystackFundingProvider } from "./paystack/paystack-funding-provider";

export type { FeePolicy };

export interface FundingSettings {
  /** Null: no rail configured. */
  provider: FundingProvider | null;
  /** "net": the reseller is credited the amount less the rail's fee; "gross": the whole amount. */
  feePolicy: FeePolicy;
  /** The bank the rail is asked to open accounts at. */
  preferredBank: string;
}

let configured: FundingSettings | null = null;
let substitute: Partial<FundingSettings> | null = null;

function fromEnv(): FundingSettings {
  const provider = env.PAYSTACK_SECRET_KEY
    ? new PaystackFundingProvider(
        new PaystackClient({
          baseUrl: env.PAYSTACK_BASE_URL,
          secretKey: env.PAYSTACK_SECRET_KEY,
          timeoutMs: env.PAYSTACK_TIMEOUT_MS,
          retries: env.PAYSTACK_RETRIES,
        }),
      )
    : null;
  return { provider, feePolicy: env.PAYSTACK_FEE_POLICY, preferredBank: env.PAYSTACK_PREFERRED_BANK };
}

export function fundingSettings(): FundingSettings {
  configured ??= fromEnv();
  return substitute ? { ...configured, ...substitute } : configured;
}

/** Lets an in-process test point the services at a fake rail or another policy; null restores the configuration. */
export function setFundingSettingsForTests(settings: Partial<FundingSettings> | null): void {
  substitute = settings;
}

/** Paystack's 1% fee for a dedicated-account transfer, capped at ₦300: what a simulated transfer is charged. */
export function simulatedTransferFee(amount: bigint): bigint {
  const fee = (amount + 99n) / 100n;
  return fee < 30_000n ? fee : 30_000n;
}
