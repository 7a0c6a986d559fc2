import { Badge, type BadgeTone } from "./ui/badge";

const TONES: Record<string, BadgeTone> = { successful: "success", pending: "warning", failed: "danger" };

/** A transaction status as a badge. */
export function StatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  return <Badge tone={TONES[key] ?? "neutral"}>{key.charAt(0).toUpperCase() + key.slice(1)}</Badge>;
}
