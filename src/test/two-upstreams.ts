/**
 * Both real-protocol fakes (VTpass, Clubkonnect) as the routing tests use them: started, with MTN airtime
 * routed VTpass then Clubkonnect and MTN 1GB data routed to Clubkonnect alone, and the route providers
 * pointed at them with short time-outs and no retries.
 */
import { db } from "~/server/db";
import { setRouteProvidersForTests } from "~/server/providers";
import { ClubkonnectProvider } from "~/server/providers/clubkonnect/clubkonnect-provider";
import { VtpassProvider } from "~/server/providers/vtpass/vtpass-provider";
import { startFakeClubkonnect, type FakeClubkonnect } from "./fake-clubkonnect";
import { startFakeVtpass, type FakeVtpass } from "./fake-vtpass";
import { ensureSandboxCatalog } from "./purchase-fixtures";

export interface TwoUpstreams {
  vtpass: FakeVtpass;
  clubkonnect: FakeClubkonnect;
}

/** The fakes started and the routes written (for a test file's beforeAll). */
export async function startTwoUpstreams(): Promise<TwoUpstreams> {
  await ensureSandboxCatalog();
  const vtpass = await startFakeVtpass();
  const clubkonnect = await startFakeClubkonnect();
  clubkonnect.planPrices.set("1000.0", 230);
  await db.$executeRaw`
    INSERT INTO product_routes (service, product_code, position, provider, upstream_service, upstream_code, commission_bps, cost_price)
    VALUES ('AIRTIME', 'mtn', 1, 'vtpass', 'mtn', NULL, 300, NULL),
           ('AIRTIME', 'mtn', 2, 'clubkonnect', '01', NULL, 350, NULL),
           ('DATA', 'mtn-1gb-30d', 1, 'clubkonnect', '01', '1000.0', NULL, 23000)`;
  return { vtpass, clubkonnect };
}

/** A VTpass provider with the fake's keys at `baseUrl` (the fake's own, or a closed or misbehaving address). */
export function vtpassProviderAt(fake: FakeVtpass, baseUrl: string): VtpassProvider {
  return new VtpassProvider({
    baseUrl,
    ...fake.keys,
    vendTimeoutMs: 1_000,
    queryTimeoutMs: 500,
    retries: 0,
    retryDelayMs: 10,
    notFoundAfterMs: 60 * 60_000,
    defaultPhone: "08011111111",
  });
}

/** Routes go to this VTpass provider and to the fake Clubkonnect. */
export function useRouteProviders(vtpass: VtpassProvider, clubkonnect: FakeClubkonnect): void {
  setRouteProvidersForTests({
    vtpass,
    clubkonnect: new ClubkonnectProvider({
      baseUrl: clubkonnect.baseUrl,
      ...clubkonnect.credentials,
      vendTimeoutMs: 1_000,
      queryTimeoutMs: 500,
      retries: 0,
      retryDelayMs: 10,
      notFoundAfterMs: 60 * 60_000,
      defaultPhone: null,
    }),
  });
}

/** The route providers back to the configured ones, and the fakes closed (for afterAll). */
export async function stopTwoUpstreams(upstreams: TwoUpstreams): Promise<void> {
  setRouteProvidersForTests(null);
  await upstreams.vtpass.close();
  await upstreams.clubkonnect.close();
}
