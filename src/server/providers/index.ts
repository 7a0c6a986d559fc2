/**
 * Which upstream the purchase flow talks to. `VEND_PROVIDER` selects it (default "sandbox"). An
 * unknown value stops start-up (src/env.ts), and createVendProvider refuses one too, rather than
 * silently falling back to the sandbox and "selling" nothing real.
 */
import { env } from "~/env";
import { httpProviderFromEnv } from "./http-provider";
import { SandboxProvider } from "./sandbox-provider";
import type { VendProvider } from "./vend-provider";
import { vtpassProviderFromEnv } from "./vtpass/vtpass-provider";

export type {
  Delivered,
  DeliveredPin,
  OrderCheck,
  ReversalWatch,
  VendOutcome,
  VendProvider,
  VendRequest,
  VerifyOutcome,
  VerifyRequest,
} from "./vend-provider";

/** One entry per upstream. */
const PROVIDER_FACTORIES: Readonly<Record<string, () => VendProvider>> = {
  sandbox: () => new SandboxProvider(),
  http: () => httpProviderFromEnv(env),
  vtpass: () => vtpassProviderFromEnv(env),
};

export const DEFAULT_VEND_PROVIDER = "sandbox";

/** Builds the provider a `VEND_PROVIDER` value names; blank or absent means the sandbox. */
export function createVendProvider(name: string | undefined): VendProvider {
  const selected = name?.trim() || DEFAULT_VEND_PROVIDER;
  const factory = Object.hasOwn(PROVIDER_FACTORIES, selected) ? PROVIDER_FACTORIES[selected] : undefined;
  if (!factory) {
    const known = Object.keys(PROVIDER_FACTORIES)
      .map((key) => `"${key}"`)
      .join(", ");
    throw new Error(`Unknown VEND_PROVIDER "${selected}": expected one of ${known}.`);
  }
  return factory();
}

let configured: VendProvider | null = null;
let substitute: VendProvider | null = null;
/**
 * Test mode's upstream, whatever VEND_PROVIDER says: play money never reaches a real one (docs/integrating.md
 * "Test mode").
 */
const testModeProvider = new SandboxProvider();

/** The provider for a purchase of this mode: the configured one live, the sandbox in test mode. */
export function getVendProvider(livemode = true): VendProvider {
  if (substitute) return substitute;
  if (!livemode) return testModeProvider;
  // Not memoised on failure: a misconfiguration keeps throwing rather than leaving a half-set state.
  configured ??= createVendProvider(env.VEND_PROVIDER);
  return configured;
}

/** Lets a test put a wrapper (counting calls, injecting faults) in front of the purchase flow; null restores the configured provider. */
export function setVendProviderForTests(provider: VendProvider | null): void {
  substitute = provider;
}
