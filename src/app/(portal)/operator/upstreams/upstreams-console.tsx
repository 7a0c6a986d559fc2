"use client";
/**
 * The Upstreams page (docs/operating.md "Upstream health"): the products off sale because every route is
 * down, then per upstream our wallet there as last read, when, and its floor (the one "low" mark: below it
 * no routed order goes there), set here; the last hour's attempts, success rate and latency, its circuit
 * and its routes' open circuits, and its switch. Switching one off is confirmed with what it takes off sale
 * (the products it is the last route up of); switching one on needs no asking. "Read balances now" does
 * what the balance poll does, at once. Everything shown is getUpstreamHealth's, which the CLI's
 * `upstream:health` prints too.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { formatDateTimeSeconds } from "~/components/dates";
import { formatNaira, nairaInputValue, readNaira } from "~/components/money";
import { NairaField } from "~/components/naira-field";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { Badge } from "~/components/ui/badge";
import { buttonClass, linkClass } from "~/components/ui/buttons";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { TextField } from "~/components/ui/fields";
import { Figure } from "~/components/ui/figure";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
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

function walletFigure(wallet: Upstream["wallet"]) {
  const floor =
    wallet.floorKobo > 0n
      ? `Floor ${formatNaira(wallet.floorKobo)}: below it no routed order goes here.`
      : "No floor: orders go here whatever its balance.";
  if (wallet.balanceKobo === null || wallet.checkedAt === null) {
    return { value: "Not read", note: `Never read (the poll reads the default upstream and those routes name). ${floor}` };
  }
  return {
    value: (
      <span className="inline-flex flex-wrap items-center gap-2">
        {formatNaira(wallet.balanceKobo)}
        {wallet.belowFloor && <Badge tone="danger">Below floor</Badge>}
        {wallet.stale && <Badge tone="warning">Not read lately</Badge>}
      </span>
    ),
    note: `Read ${formatDateTimeSeconds(wallet.checkedAt)}${wallet.stale ? " (later reads failed: see the server log)" : ""}. ${floor}`,
  };
}

/** The upstream's floor, in naira; 0 takes it away. Problems by field, from the browser or the server; nothing saved on either. */
function FloorForm({ upstream }: { upstream: Upstream }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.operator.setUpstreamFloor.mutationOptions());
  const [amount, setAmount] = useState(() => nairaInputValue(upstream.wallet.floorKobo));
  const [problem, setProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const name = upstreamName(upstream.name);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setDone(null);
    const { value: floor, problem: reading } = readNaira(amount, {
      min: 0n,
      example: "50000 or 50,000.00",
      whenEmpty: "Enter an amount in naira, or 0 for no floor.",
    });
    setProblem(reading ?? null);
    if (floor === undefined) return;
    save.mutate(
      { provider: upstream.name, floor },
      {
        onSuccess: (saved) => {
          setAmount(nairaInputValue(saved.floorKobo));
          setDone(
            saved.floorKobo > 0n
              ? `${name}'s floor is ${formatNaira(saved.floorKobo)}${saved.belowFloor ? ": its last balance read is below it, so no routed order goes there" : ""}.`
              : `${name} has no floor.`,
          );
          void queryClient.invalidateQueries(trpc.operator.upstreamHealth.pathFilter());
        },
        onError: (error) => {
          const reason = fieldErrorsOf(error).floor;
          if (reason) setProblem(`The floor ${reason}.`);
          else setFormError(describeError(error));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${name} floor`} className="mt-3 space-y-2">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      {done && <Notice>{done}</Notice>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-64">
          <NairaField
            id={`${id}-floor`}
            label="Floor (₦)"
            hint="Below this balance no routed order goes here; 0: no floor"
            error={problem}
            name="floor"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <button type="submit" disabled={save.isPending} className={`${buttonClass("secondary")} sm:mt-6`}>
          {save.isPending ? "Saving…" : "Save floor"}
        </button>
      </div>
    </form>
  );
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
  const wallet = walletFigure(upstream.wallet);
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
        <Figure label="Balance" value={wallet.value} />
        <Figure label="Orders, last hour" value={lastHour.attempts.toLocaleString("en-NG")} />
        <Figure label="Success rate" value={percent(lastHour.successRate)} />
        <Figure label="Latency p50" value={milliseconds(lastHour.latencyP50Ms)} />
        <Figure label="Latency p95" value={milliseconds(lastHour.latencyP95Ms)} />
        <Figure label="Circuit" value={circuit.state === "closed" ? "Closed" : circuit.state === "open" ? "Open" : "Half-open"} />
      </dl>
      <div className="mt-3 space-y-2 text-sm text-slate-700">
        <p>{wallet.note}</p>
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
      <FloorForm upstream={upstream} />
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
  const readBalances = useMutation(trpc.operator.readUpstreamBalances.mutationOptions());
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

  function readNow() {
    setDone(null);
    readBalances.mutate(
      {},
      {
        onSuccess: ({ upstreams: reads }) => {
          const read = reads.flatMap((entry) => (entry.read ? [`${upstreamName(entry.provider)} ${formatNaira(entry.balanceKobo)}`] : []));
          const unread = reads.flatMap((entry) => (entry.read ? [] : [`${upstreamName(entry.provider)} (${entry.reason})`]));
          setDone(
            [
              read.length > 0 ? `Read: ${read.join(", ")}.` : "No wallet was read.",
              unread.length > 0 ? `Not read: ${unread.join(", ")}` : "",
            ]
              .filter(Boolean)
              .join(" "),
          );
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
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass("secondary")} disabled={readBalances.isPending} onClick={readNow}>
          {readBalances.isPending ? "Reading…" : "Read balances now"}
        </button>
        <p className="text-sm text-slate-600">The server also reads them on its own schedule.</p>
      </div>
      {done && <Notice>{done}</Notice>}
      {setEnabled.error && !switchingOff && <ErrorAlert>{describeError(setEnabled.error)}</ErrorAlert>}
      {readBalances.error && <ErrorAlert>{describeError(readBalances.error)}</ErrorAlert>}

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
