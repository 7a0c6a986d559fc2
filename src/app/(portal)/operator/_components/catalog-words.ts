/**
 * How the operator console writes catalog figures: service names, commissions, and margins per unit.
 * Money is kobo everywhere but on screen and in the forms' fields, which are naira (as wallet funding).
 */
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import type { ServiceCode } from "~/schemas/services";

export function serviceLabel(service: string): string {
  return SERVICE_LABELS[service as ServiceCode] ?? service;
}

/** Basis points as a percentage: 250 → "2.5%". */
export function formatBps(bps: number | null | undefined): string {
  return bps === null || bps === undefined ? "—" : `${bps / 100}%`;
}

/** What one sale earns at `price`, when the cost is known. */
export function marginPerUnit(price: bigint | null, cost: bigint | null): bigint | null {
  return price === null || cost === null ? null : price - cost;
}

/** The pricing basis as people say it. */
export function basisLabel(basis: string | null | undefined): string {
  return basis === "RETAIL" ? "Retail" : basis === "SPECIAL" ? "Special" : "—";
}
