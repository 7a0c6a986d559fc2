"use client";
/**
 * One product's routes (docs/operating.md "Routes and failover"): the saved routes in order, each with its
 * switch, its circuit and its upstream's, switched off or on at once (set-route-enabled); and the list to
 * edit as a whole (set-product-routes): add, remove, move up and down with buttons, each route's upstream,
 * names there and cost (naira for fixed-price products, a percentage of the amount for airtime and variable
 * bills). The server checks everything again; its problems show beside the fields they name
 * (`routes.1.provider`), and a refused save changes nothing.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { formatNaira, nairaInputValue, readNaira } from "~/components/money";
import { NairaField } from "~/components/naira-field";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/buttons";
import { Field, TextField } from "~/components/ui/fields";
import { Empty, Loading, QueryLoadError } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import type { ProductRoutes } from "~/server/services/routing/get-product-routes";
import { useTRPC } from "~/trpc/react";
import { formatBps } from "../../../../_components/catalog-words";
import { formAlert, readProblem, type Problem } from "../../../../_components/problem";
import { circuitText, upstreamName } from "../../../../_components/routing-words";

type SavedRoute = ProductRoutes["routes"][number];

/** A route as the form holds it: text as typed, a key that survives reordering. */
interface DraftRoute {
  key: number;
  provider: string;
  upstreamService: string;
  upstreamCode: string;
  /** Naira ("230.00") or a percentage ("3.5"), by the product's cost basis; empty for none. */
  cost: string;
  enabled: boolean;
}

function draftOf(key: number, route: SavedRoute | null, costBasis: ProductRoutes["costBasis"], provider = ""): DraftRoute {
  const cost =
    costBasis === "cost"
      ? nairaInputValue(route?.costPrice ?? null)
      : route?.commissionBps === null || route?.commissionBps === undefined
        ? ""
        : String(route.commissionBps / 100);
  return {
    key,
    provider: route?.provider ?? provider,
    upstreamService: route?.upstreamService ?? "",
    upstreamCode: route?.upstreamCode ?? "",
    cost,
    enabled: route?.enabled ?? true,
  };
}

/** "3.5" (percent, at most two decimals, 0–100) as basis points; null when it is not one. */
function readPercent(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, "").trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const bps = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bps <= 10_000 ? bps : null;
}

/** The form's routes as set-product-routes takes them, or the problems by field name. */
function readDraft(draft: DraftRoute[], costBasis: ProductRoutes["costBasis"]) {
  const errors: Record<string, string> = {};
  const routes = draft.map((route, index) => {
    const text = route.cost.trim();
    let costPrice: string | null = null;
    let commissionBps: number | null = null;
    if (text !== "" && costBasis === "cost") {
      const reading = readNaira(text, { min: 0n, example: "230 or 1,230.50" });
      if (reading.problem !== undefined) errors[`routes.${index}.costPrice`] = reading.problem;
      else costPrice = String(reading.value);
    } else if (text !== "") {
      commissionBps = readPercent(text);
      if (commissionBps === null) errors[`routes.${index}.commissionBps`] = "Enter a percentage from 0 to 100, such as 3 or 3.5.";
    }
    return {
      provider: route.provider,
      upstreamService: route.upstreamService.trim() || null,
      upstreamCode: route.upstreamCode.trim() || null,
      costPrice,
      commissionBps,
      enabled: route.enabled,
    };
  });
  return { routes, errors };
}

function RouteState({ route }: { route: SavedRoute }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={route.enabled ? "success" : "neutral"}>{route.enabled ? "On" : "Switched off"}</Badge>
      {route.circuit.state !== "closed" && <Badge tone="danger">Circuit {route.circuit.state}</Badge>}
      {!route.upstream.enabled && <Badge tone="neutral">{upstreamName(route.provider)} switched off</Badge>}
      {route.upstream.circuit.state !== "closed" && (
        <Badge tone="danger">
          {upstreamName(route.provider)} circuit {route.upstream.circuit.state}
        </Badge>
      )}
    </span>
  );
}

function isUp(route: SavedRoute): boolean {
  return route.enabled && route.circuit.state === "closed" && route.upstream.enabled && route.upstream.circuit.state === "closed";
}

function SavedRoutes({ data, onChanged }: { data: ProductRoutes; onChanged: (message: string) => void }) {
  const trpc = useTRPC();
  const setEnabled = useMutation(trpc.operator.setRouteEnabled.mutationOptions());
  const costOf = (route: SavedRoute) =>
    data.costBasis === "cost"
      ? formatNaira(route.costPrice)
      : route.commissionBps === null
        ? "—"
        : `${formatBps(route.commissionBps)} commission`;

  if (data.routes.length === 0) {
    return <Empty>No routes: orders go to the default upstream (VEND_PROVIDER) with the catalog&rsquo;s names and cost.</Empty>;
  }
  return (
    <div className="space-y-3">
      {!data.routes.some(isUp) && (
        <ErrorAlert>Off sale: no route is up, so resellers are refused this product (provider.unavailable) until one is.</ErrorAlert>
      )}
      {setEnabled.error && <ErrorAlert>{readProblem(setEnabled.error).message}</ErrorAlert>}
      <ol aria-label="Saved routes, in order" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {data.routes.map((route, index) => {
          const name = upstreamName(route.provider);
          return (
            <li key={route.provider} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0 space-y-1">
                <p className="font-medium text-slate-900">
                  {index + 1}. {name}
                  <span className="ml-2 font-mono text-xs text-slate-500">
                    {[route.upstreamService, route.upstreamCode].filter(Boolean).join(" · ") || "catalog names"}
                  </span>
                </p>
                <p className="text-slate-600">
                  Cost {costOf(route)} · Circuit {circuitText(route.circuit)}
                  {route.upstream.circuit.state !== "closed" && ` · ${name}: ${circuitText(route.upstream.circuit)}`}
                </p>
                <RouteState route={route} />
              </div>
              <button
                type="button"
                className={buttonClass(route.enabled ? "dangerOutline" : "secondary", "sm")}
                aria-label={`${route.enabled ? "Switch off" : "Switch on"} the route to ${name}`}
                disabled={setEnabled.isPending}
                onClick={() =>
                  setEnabled.mutate(
                    { service: data.service, productCode: data.productCode, provider: route.provider, enabled: !route.enabled },
                    { onSuccess: () => onChanged(`The route to ${name} is switched ${route.enabled ? "off" : "on"}.`) },
                  )
                }
              >
                {route.enabled ? "Switch off" : "Switch on"}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function RoutesForm({ data, onSaved }: { data: ProductRoutes; onSaved: (message: string) => void }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.operator.setProductRoutes.mutationOptions());
  // Keys (and the fields' ids) from 0 in the saved order, so the server's render and the browser's agree.
  const [draft, setDraft] = useState<DraftRoute[]>(() => data.routes.map((route, index) => draftOf(index, route, data.costBasis)));
  const nextKey = useRef(data.routes.length);
  const [problem, setProblem] = useState<Problem | null>(null);
  const costField = data.costBasis === "cost" ? "costPrice" : "commissionBps";

  const edit = (next: DraftRoute[]) => {
    setDraft(next);
    // Problems are named by position: after a move or a removal they would point at the wrong route.
    setProblem(null);
  };
  const update = (key: number, change: Partial<DraftRoute>) =>
    setDraft((routes) => routes.map((route) => (route.key === key ? { ...route, ...change } : route)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...draft];
    const [route] = next.splice(index, 1);
    next.splice(index + by, 0, route!);
    edit(next);
  };
  const unused = data.providers.find((provider) => !draft.some((route) => route.provider === provider)) ?? data.providers[0] ?? "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { routes, errors } = readDraft(draft, data.costBasis);
    if (Object.keys(errors).length > 0) {
      setProblem({ appCode: null, message: "Please correct the highlighted field.", fieldErrors: errors });
      return;
    }
    setProblem(null);
    save.mutate(
      { service: data.service, productCode: data.productCode, routes },
      {
        onSuccess: (saved) =>
          onSaved(
            saved.routes.length === 0
              ? "Routes removed: orders go to the default upstream."
              : `Saved ${saved.routes.length} route${saved.routes.length === 1 ? "" : "s"}: ${saved.routes.map((route) => upstreamName(route.provider)).join(", then ")}.`,
          ),
        onError: (error) => setProblem(readProblem(error)),
      },
    );
  }

  const shownFields = draft.flatMap((_, index) => [
    `routes.${index}.provider`,
    `routes.${index}.upstreamService`,
    `routes.${index}.upstreamCode`,
    `routes.${index}.${costField}`,
  ]);
  const alert = formAlert(problem, shownFields);
  return (
    <form aria-label="Edit routes" noValidate onSubmit={submit} className="space-y-4">
      {alert && <ErrorAlert>{alert}</ErrorAlert>}
      {draft.length === 0 && <Empty>No routes. Saving an empty list sends this product to the default upstream again.</Empty>}
      <ol className="space-y-4">
        {draft.map((route, index) => {
          const field = (name: string) => ({ id: `route-${route.key}-${name}`, error: problem?.fieldErrors[`routes.${index}.${name}`] });
          const label = `route ${index + 1} (${upstreamName(route.provider)})`;
          return (
            <li key={route.key}>
              <fieldset className="rounded-lg border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-800">Route {index + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <Field {...field("provider")} label="Upstream">
                    {(control) => (
                      <select {...control} value={route.provider} onChange={(event) => update(route.key, { provider: event.target.value })}>
                        {data.providers.map((provider) => (
                          <option key={provider} value={provider}>
                            {upstreamName(provider)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <TextField
                    {...field("upstreamService")}
                    label="Upstream service"
                    hint="VTpass serviceID; Clubkonnect network (01–04) or company code"
                    className="font-mono"
                    value={route.upstreamService}
                    onChange={(event) => update(route.key, { upstreamService: event.target.value })}
                  />
                  <TextField
                    {...field("upstreamCode")}
                    label="Upstream code"
                    hint="Variation or plan code; blank for airtime"
                    className="font-mono"
                    value={route.upstreamCode}
                    onChange={(event) => update(route.key, { upstreamCode: event.target.value })}
                  />
                  {data.costBasis === "cost" ? (
                    <NairaField
                      {...field("costPrice")}
                      label="Cost (₦)"
                      hint="What this upstream charges us; blank if not known"
                      value={route.cost}
                      onChange={(event) => update(route.key, { cost: event.target.value })}
                    />
                  ) : (
                    <TextField
                      {...field("commissionBps")}
                      label="Commission (%)"
                      hint="Taken off the amount, e.g. 3.5; blank if not known"
                      inputMode="decimal"
                      autoComplete="off"
                      value={route.cost}
                      onChange={(event) => update(route.key, { cost: event.target.value })}
                    />
                  )}
                </div>
                <div className="mt-3 flex flex-wrap items-center gap-3">
                  <label className="inline-flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={route.enabled}
                      onChange={(event) => update(route.key, { enabled: event.target.checked })}
                      className="h-4 w-4 rounded border-slate-300"
                    />
                    Takes orders
                  </label>
                  <span className="flex flex-wrap gap-2 sm:ml-auto">
                    <button
                      type="button"
                      className={buttonClass("secondary", "sm")}
                      aria-label={`Move ${label} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className={buttonClass("secondary", "sm")}
                      aria-label={`Move ${label} down`}
                      disabled={index === draft.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className={buttonClass("dangerOutline", "sm")}
                      aria-label={`Remove ${label}`}
                      onClick={() => edit(draft.filter((other) => other.key !== route.key))}
                    >
                      Remove
                    </button>
                  </span>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass("secondary")}
          disabled={draft.length >= data.providers.length}
          onClick={() => edit([...draft, draftOf(nextKey.current++, null, data.costBasis, unused)])}
        >
          Add a route
        </button>
        <button type="submit" className={buttonClass("primary")} disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? "Saving…" : "Save routes"}
        </button>
      </div>
    </form>
  );
}

export function ProductRoutesEditor({ service, productCode }: { service: string; productCode: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const routes = useQuery(trpc.operator.productRoutes.queryOptions({ service, productCode } as never, { retry: retryUnlessRefused }));
  const [done, setDone] = useState<string | null>(null);
  // A new form after each change, started from what was saved (a switch changes what the form would save).
  const [formVersion, setFormVersion] = useState(0);

  const back = (
    <Link href="/operator/catalog" className={buttonClass("secondary", "sm")}>
      Back to the catalog
    </Link>
  );
  if (routes.isPending) return <Loading>Loading the routes…</Loading>;
  if (routes.isError) {
    const appCode = readProblem(routes.error).appCode;
    const missing = appCode === "service.not_found" || appCode === "validation.failed";
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-semibold tracking-tight">{missing ? "No such product" : "Routes"}</h1>
        {missing ? (
          <ErrorAlert>
            There is no {service} product “{productCode}” in the catalog.
          </ErrorAlert>
        ) : (
          <QueryLoadError query={routes} what="the routes" />
        )}
        {back}
      </div>
    );
  }
  const data = routes.data;
  const refresh = async (message: string) => {
    await queryClient.invalidateQueries(trpc.operator.productRoutes.pathFilter());
    await queryClient.invalidateQueries(trpc.operator.upstreamHealth.pathFilter());
    setDone(message);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Routes: {data.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            <span className="font-mono">
              {data.service} {data.productCode}
            </span>{" "}
            · A purchase goes to the first route that is on and whose circuits admit it; the next is tried only when the one before
            certainly did not execute. The reseller&rsquo;s price does not depend on the route.
          </p>
        </div>
        {back}
      </div>
      {done && <Notice>{done}</Notice>}
      <Panel id="saved-routes-heading" title="Routes now" description="Switching a route off or on takes effect at once.">
        <SavedRoutes
          data={data}
          onChanged={(message) =>
            void refresh(message).then(() => {
              setFormVersion((version) => version + 1);
            })
          }
        />
      </Panel>
      <Panel
        id="edit-routes-heading"
        title="Edit the routes"
        description={
          data.costBasis === "cost"
            ? "In order of preference. Cost in naira: what the upstream charges us for one."
            : "In order of preference. Cost as the upstream's commission, a percentage of the amount."
        }
      >
        <RoutesForm
          key={formVersion}
          data={data}
          onSaved={(message) =>
            void refresh(message).then(() => {
              setFormVersion((version) => version + 1);
            })
          }
        />
      </Panel>
    </div>
  );
}
