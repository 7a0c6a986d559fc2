/**
 * Which upstreams the purchase flow talks to. `VEND_PROVIDER` selects the default (default "sandbox"): the
 * upstream of every product without routes, and of test mode never. An unknown value stops start-up
 * (src/env.ts), and createVendProvider refuses one too, rather than silently falling back to the sandbox
 * and "selling" nothing real. A product's routes may name any upstream of ROUTE_PROVIDERS, Clubkonnect
 * among them, which is only ever reached through routes (docs/decisions/025-routes-and-failover.md).
 */
import { env } from "~/env";
import { clubkonnectProviderFromEnv } from "./clubkonnect/clubkonnect-provider";
import { httpProviderFromEnv } from "./http-provider";
import { SandboxProvider } from "./sandbox-provider";
import type { VendProvider } from "./vend-provider";
import { vtpassProviderFromEnv } from "./vtpass/vtpass-provider";

export type {
  Delivered,
  DeliveredPin,
  OrderCheck,
  RefusalKind,
  ReversalWatch,
  UpstreamNames,
  VendOutcome,
  VendProvider,
  VendRequest,
  VerifyOutcome,
  VerifyRequest,
} from "./vend-provider";

/** The upstreams VEND_PROVIDER may name. */
const PROVIDER_FACTORIES: Readonly<Record<string, () => VendProvider>> = {
  sandbox: () => new SandboxProvider(),
  http: () => httpProviderFromEnv(env),
  vtpass: () => vtpassProviderFromEnv(env),
};

/** The upstreams a route may name: the defaults' and Clubkonnect. */
const ROUTE_PROVIDER_FACTORIES: Readonly<Record<string, () => VendProvider>> = {
  ...PROVIDER_FACTORIES,
  clubkonnect: () => clubkonnectProviderFromEnv(env),
};

export const ROUTE_PROVIDERS = Object.keys(ROUTE_PROVIDER_FACTORIES);

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

/** The default upstream's name (VEND_PROVIDER, or the sandbox). */
export function defaultProviderName(): string {
  return env.VEND_PROVIDER?.trim() || DEFAULT_VEND_PROVIDER;
}

const configured = new Map<string, VendProvider>();
let substitute: VendProvider | null = null;
let routeSubstitutes: Readonly<Record<string, VendProvider>> | null = null;
/**
 * Test mode's upstream, whatever VEND_PROVIDER says: play money never reaches a real one (docs/integrating.md
 * "Test mode").
 */
const testModeProvider = new SandboxProvider();

/** The provider for a purchase of this mode: the configured default live, the sandbox in test mode. */
export function getVendProvider(livemode = true): VendProvider {
  if (substitute) return substitute;
  if (!livemode) return testModeProvider;
  return configuredNamed(defaultProviderName(), PROVIDER_FACTORIES);
}

/**
 * The provider a route or a recorded attempt names. Throws for a name no route may carry, and when the
 * upstream is not configured (missing credentials): the caller treats that as a refusal, nothing sent.
 */
export function providerNamed(name: string): VendProvider {
  const routeSubstitute = routeSubstitutes && Object.hasOwn(routeSubstitutes, name) ? routeSubstitutes[name] : undefined;
  if (routeSubstitute) return routeSubstitute;
  if (substitute?.name === name) return substitute;
  return configuredNamed(name, ROUTE_PROVIDER_FACTORIES);
}

function configuredNamed(name: string, factories: Readonly<Record<string, () => VendProvider>>): VendProvider {
  const known = configured.get(name);
  if (known) return known;
  const factory = Object.hasOwn(factories, name) ? factories[name] : undefined;
  if (!factory) throw new Error(`Unknown upstream "${name}": expected one of ${Object.keys(factories).join(", ")}.`);
  // Not memoised on failure: a misconfiguration keeps throwing rather than leaving a half-set state.
  const provider = factory();
  configured.set(name, provider);
  return provider;
}

/** Lets a test put a wrapper (counting calls, injecting faults) in front of the purchase flow; null restores the configured provider. */
export function setVendProviderForTests(provider: VendProvider | null): void {
  substitute = provider;
}

/** Lets a test stand providers in for the upstreams routes name (by name: "vtpass", "clubkonnect"); null restores them. */
export function setRouteProvidersForTests(providers: Readonly<Record<string, VendProvider>> | null): void {
  routeSubstitutes = providers;
}
