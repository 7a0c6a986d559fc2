/**
 * Every status a portal page shows (a transaction's, an API key's, a user's) is one of these badges,
 * so the owner's pages and the operator's console name and colour a state the same way.
 */
import { Badge, type BadgeTone } from "./ui/badge";

const TONES: Record<string, BadgeTone> = { successful: "success", pending: "warning", failed: "danger" };

/** A transaction status as a badge. */
export function StatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  return <Badge tone={TONES[key] ?? "neutral"}>{key.charAt(0).toUpperCase() + key.slice(1)}</Badge>;
}

export function KeyStatusBadge({ status }: { status: "active" | "revoked" }) {
  return status === "active" ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Revoked</Badge>;
}

/**
 * Which world a key or transaction belongs to (docs/integrating.md "Test mode"): "Test" stands out, since nothing
 * it shows is real; "Live" is shown only where both kinds are listed together (the API keys).
 */
export function ModeBadge({ livemode }: { livemode: boolean }) {
  return livemode ? <Badge tone="neutral">Live</Badge> : <Badge tone="warning">Test</Badge>;
}

export function UserStatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>;
}
