/**
 * How the console writes upstreams, circuits and routed products (the Upstreams page, the routes pages).
 * Browser-safe: plain functions.
 */
import { formatDateTimeSeconds } from "~/components/dates";
import type { Circuit } from "~/server/services/routing/route-sql";

const UPSTREAM_NAMES: Record<string, string> = { vtpass: "VTpass", clubkonnect: "Clubkonnect", sandbox: "Sandbox", http: "HTTP provider" };

export function upstreamName(name: string): string {
  return UPSTREAM_NAMES[name] ?? name;
}

/** A circuit in a few words: "Closed", "Open until 14:02:10 (timed out)", "Half-open: one trial order out". */
export function circuitText(circuit: Circuit): string {
  if (circuit.state === "closed") return "Closed";
  const reason = circuit.reason ? ` (${circuit.reason})` : "";
  if (circuit.state === "open") return `Open until ${formatDateTimeSeconds(circuit.halfOpensAt)}${reason}`;
  return `Half-open: ${circuit.trialInFlight ? "one trial order out" : "the next order is its trial"}${reason}`;
}

/** The address of a product's routes page. */
export function routesHref(service: string, productCode: string): string {
  return `/operator/catalog/routes/${encodeURIComponent(service)}/${encodeURIComponent(productCode)}`;
}
