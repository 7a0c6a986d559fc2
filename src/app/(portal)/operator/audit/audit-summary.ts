/**
 * One line saying what an audit entry changed, from its stable action name and its details. Unknown
 * shapes fall back to the details' own keys and values, so nothing recorded is ever hidden.
 */
import { displayEntry } from "~/components/allowlist-entry";
import { formatNaira } from "~/components/money";
import { roleLabel } from "~/components/role-label";
import type { Role } from "~/generated/prisma/enums";
import { formatDate } from "~/components/dates";

type Details = Record<string, unknown>;

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function kobo(value: unknown): string {
  return typeof value === "string" && /^-?\d+$/.test(value) ? formatNaira(BigInt(value)) : text(value);
}

function role(value: unknown): string {
  return value === "OPERATOR" || value === "OWNER" || value === "STAFF" ? roleLabel(value as Role) : text(value);
}

function fallback(details: Details): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => `${key}: ${text(value)}`)
    .join(" · ");
}

export function summariseAudit(entry: { action: string; targetType: string | null; targetId: string | null; details: unknown }): string {
  const details: Details =
    entry.details && typeof entry.details === "object" && !Array.isArray(entry.details) ? (entry.details as Details) : {};
  switch (entry.action) {
    case "wallet.fund":
      return [
        `${kobo(details.amount)} credited`,
        details.reference ? `reference ${text(details.reference)}` : "no reference",
        details.balanceAfter !== undefined ? `balance after ${kobo(details.balanceAfter)}` : "",
        details.note ? `note “${text(details.note)}”` : "",
      ]
        .filter(Boolean)
        .join(" · ");
    case "allowlist.add":
    case "allowlist.remove":
      return typeof details.entry === "string" ? displayEntry(details.entry) : text(entry.targetId);
    case "allowlist.require":
      return details.allowlistOptIn ? "Now required (opted in)" : "No longer required";
    case "catalog.set":
      return details.onProductCatalog ? "Now on the product catalog" : "Taken off the product catalog";
    case "key.create":
    case "key.revoke":
      return `Key “${text(details.name)}”`;
    case "user.create":
    case "user.disable":
    case "user.enable":
      return [text(details.email), role(details.role)].filter(Boolean).join(" · ");
    case "account.create":
      return [
        text(details.name),
        details.createdAt ? `created ${formatDate(text(details.createdAt))}` : "",
        details.onProductCatalog ? "on the product catalog" : "",
      ]
        .filter(Boolean)
        .join(" · ");
    case "upstream.alert":
      return [text(details.problem), entry.targetId ? `met by transaction ${entry.targetId}` : ""].filter(Boolean).join(" · ");
    default: {
      const summary = fallback(details);
      const target = entry.targetType && entry.targetId ? `${entry.targetType} ${entry.targetId}` : "";
      return [target, summary].filter(Boolean).join(" · ") || "—";
    }
  }
}
