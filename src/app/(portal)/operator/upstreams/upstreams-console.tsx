"use client";
/**
 * The Upstreams page (docs/operating.md "Upstream health"): the products off sale because every route is
 * down, then per upstream our wallet there and its low mark, the last hour's attempts, success rate and
 * latency, its circuit and its routes' open circuits, and its switch. Switching one off is confirmed with
 * what it takes off sale (the products it is the last route up of); switching one on needs no asking.
 * Everything shown is getUpstreamHealth's, which the CLI's `upstream:health` prints too.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatNaira } from "~/components/money";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { Badge } from "~/components/ui/badge";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { TextField } from "~/components/ui/fields";
import { Figure } from "~/components/ui/figure";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { describeError } from "~/components/describe-error";
import type { UpstreamHealth } from "~/server/services/routing/get-upstream-health";
import { useTRPC } from "~/trpc/react";
import { circuitText, routesHref, upstreamName } from "../_components/routing-words";

type Upstream = UpstreamHealth["upstreams"][number];
type Product = UpstreamHealth["productsOffSale"][number];

function ProductLinks({ products, label }: { products: readonly Product[]; label: string }) {
  return (
    <ul aria-label={label} className="list-disc space-y-1 pl-5">
      {products.map((product) => (
        <li key={`${product.service}:${product.productCode}`}>
          <Link className={linkClass} href={routesHref(product.service, product.productCode)}>
            {product.name}
          </Link>{" "}
          <span className="font-mono text-xs text-slate-500">{product.productCode}</span>
        </li>
      ))}
    </ul>
  );
}

function balanceFigure(balance: Upstream["balance"]) {
  if (balance === null) return { value: "Not read", note: "No route names it, so its wallet is not asked." };
  if (!balance.available) return { value: "Not available", note: balance.reason };
  return {
    value: (
      <span className="inline-flex flex-wrap items-center gap-2">
        {formatNaira(balance.balanceKobo)}
        {balance.low && <Badge tone="warning">Low</Badge>}
      </span>
    ),
    note: `Low below ${formatNaira(balance.lowThresholdKobo)}.`,
  };
}

function percent(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)}%`;
}

function milliseconds(value: number | null): string {
  return value === null ? "—" : `${value.toLocaleString("en-NG")} ms`;
}

function UpstreamPanel({ upstream, onSwitch, pending }: { upstream: Upstream; onSwitch: () => void; pending: boolean }) {
  const name = upstreamName(upstream.name);
  const headingId = `upstream-${upstream.name}`;
  const balance = balanceFigure(upstream.balance);
  const { lastHour, circuit } = upstream;
  return (
    <Panel
      id={headingId}
      title={
        <span className="inline-flex flex-wrap items-center gap-2">
          {name}
          <Badge tone={upstream.enabled ? "success" : "neutral"}>{upstream.enabled ? "On" : "Switched off"}</Badge>
          {circuit.state !== "closed" && <Badge tone="danger">Circuit {circuit.state}</Badge>}
        </span>
      }
      description={
        upstream.enabled ? undefined : `Switched off by an operator${upstream.disabledReason ? `: ${upstream.disabledReason}` : "."}`
      }
      actions={
        <button
          type="button"
          className={buttonClass(upstream.enabled ? "dangerOutline" : "secondary", "sm")}
          aria-label={`${upstream.enabled ? "Switch off" : "Switch on"} ${name}`}
          disabled={pending}
          onClick={onSwitch}
        >
          {upstream.enabled ? "Switch off" : "Switch on"}
        </button>
      }
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure label="Balance" value={balance.value} />
        <Figure label="Orders, last hour" value={lastHour.attempts.toLocaleString("en-NG")} />
        <Figure label="Success rate" value={percent(lastHour.successRate)} />
        <Figure label="Latency p50" value={milliseconds(lastHour.latencyP50Ms)} />
        <Figure label="Latency p95" value={milliseconds(lastHour.latencyP95Ms)} />
        <Figure label="Circuit" value={circuit.state === "closed" ? "Closed" : circuit.state === "open" ? "Open" : "Half-open"} />
      </dl>
      <div className="mt-3 space-y-2 text-sm text-slate-700">
        <p>{balance.note}</p>
        {circuit.state !== "closed" && <p>Circuit: {circuitText(circuit)}.</p>}
        {upstream.openRouteCircuits.length > 0 && (
          <div>
            <p className="font-medium text-slate-800">Routes with an open circuit</p>
            <ul aria-label={`${name} routes with an open circuit`} className="list-disc space-y-1 pl-5">
              {upstream.openRouteCircuits.map((route) => (
                <li key={`${route.service}:${route.productCode}`}>
                  <Link className={linkClass} href={routesHref(route.service, route.productCode)}>
                    {route.name}
                  </Link>
                  : {circuitText(route.circuit)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Panel>
  );
}

/** "Switch off VTpass?", naming what goes off sale with it, and an optional reason the page will show. */
function SwitchOffDialog({
  upstream,
  mutation,
  onConfirm,
  onClose,
}: {
  upstream: Upstream;
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  onConfirm: (reason: string | null) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const name = upstreamName(upstream.name);
  return (
    <ConfirmDialog
      title={`Switch off ${name}?`}
      confirmLabel={`Switch off ${name}`}
      pendingLabel="Switching off…"
      tone="danger"
      {...mutationConfirmProps(mutation, onClose)}
      onConfirm={() => onConfirm(reason.trim() || null)}
    >
      <p>
        No route to {name} takes an order until it is switched on again: its products go to their next route. Purchases already pending
        there are still settled there. Products without routes are not affected.
      </p>
      {upstream.lastRouteOf.length === 0 ? (
        <p role="status">Every product routed to {name} has another route up: nothing goes off sale.</p>
      ) : (
        <div role="status">
          <p className="font-medium text-red-800">
            {upstream.lastRouteOf.length === 1 ? "This product loses" : `These ${upstream.lastRouteOf.length} products lose`} their last
            route and go off sale for every reseller:
          </p>
          <ProductLinks products={upstream.lastRouteOf} label={`Products that go off sale with ${name}`} />
        </div>
      )}
      <TextField
        id="switch-off-reason"
        label="Reason (optional)"
        hint="Shown on this page and in the audit log."
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  );
}

export function UpstreamsConsole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const health = useQuery(trpc.operator.upstreamHealth.queryOptions(undefined, { retry: retryUnlessRefused }));
  const setEnabled = useMutation(trpc.operator.setUpstreamEnabled.mutationOptions());
  const [switchingOff, setSwitchingOff] = useState<Upstream | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (health.isPending) return <Loading>Loading the upstreams…</Loading>;
  if (health.isError) return <QueryLoadError query={health} what="the upstreams" />;
  const { upstreams, productsOffSale } = health.data;

  function change(upstream: Upstream, enabled: boolean, reason: string | null = null) {
    setDone(null);
    setEnabled.mutate(
      { provider: upstream.name, enabled, reason },
      {
        onSuccess: () => {
          setSwitchingOff(null);
          setDone(`${upstreamName(upstream.name)} is switched ${enabled ? "on" : "off"}.`);
          void queryClient.invalidateQueries(trpc.operator.upstreamHealth.pathFilter());
        },
      },
    );
  }

  function askToSwitchOff(upstream: Upstream) {
    setEnabled.reset();
    setDone(null);
    setSwitchingOff(upstream);
  }

  return (
    <div className="space-y-6">
      {done && <Notice>{done}</Notice>}
      {setEnabled.error && !switchingOff && <ErrorAlert>{describeError(setEnabled.error)}</ErrorAlert>}

      <Panel
        id="off-sale-heading"
        title="Off sale: every route down"
        description="Resellers are refused these with provider.unavailable (nothing charged) until one of their routes is up again."
      >
        {productsOffSale.length === 0 ? (
          <Empty>Every routed product has a route up.</Empty>
        ) : (
          <ProductLinks products={productsOffSale} label="Products off sale" />
        )}
      </Panel>

      {upstreams.map((upstream) => (
        <UpstreamPanel
          key={upstream.name}
          upstream={upstream}
          pending={setEnabled.isPending}
          onSwitch={() => (upstream.enabled ? askToSwitchOff(upstream) : change(upstream, true))}
        />
      ))}

      {switchingOff && (
        <SwitchOffDialog
          upstream={switchingOff}
          mutation={setEnabled}
          onConfirm={(reason) => change(switchingOff, false, reason)}
          onClose={() => setSwitchingOff(null)}
        />
      )}
    </div>
  );
}
