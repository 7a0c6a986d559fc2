/**
 * How a portal page shows an API key it cannot show in full: its mode, and its prefix and last 4
 * characters ("pk_live_…a1b2", as Stripe does), enough to match it against a server's configuration; and the
 * revoked keys apart from the working ones, behind a disclosure, since they only matter as history.
 */
import type { ReactNode } from "react";
import { formatDateTime } from "~/components/dates";
import { KeyStatusBadge, ModeBadge } from "~/components/status-badge";
import { buttonClass, type ButtonTone } from "~/components/ui/buttons";
import { Empty } from "~/components/ui/load-states";
import { ItemActions, ItemFact, ItemFacts, ResponsiveList } from "~/components/ui/responsive-list";
import type { ApiKeyView } from "~/server/services/api-keys/list-api-keys";

/** The same columns on the owner's API keys page and in the operator console, so both read a key alike. */
const KEY_COLUMNS = "sm:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1.4fr)_6rem_7rem]";

export function keyHint(key: { prefix: string; lastFour: string | null }): string {
  // Keys created before the last 4 were recorded show the prefix alone rather than a guess.
  return key.lastFour ? `${key.prefix}…${key.lastFour}` : `${key.prefix}…`;
}

export function KeyHint({ apiKey }: { apiKey: { prefix: string; lastFour: string | null } }) {
  return (
    <span
      className="font-mono text-xs whitespace-nowrap text-slate-500"
      title={apiKey.lastFour ? "The key's first and last characters" : "Created before key endings were recorded"}
    >
      {keyHint(apiKey)}
    </span>
  );
}

/** Active keys first, newest first within each group; the order the lists were given is kept. */
export function splitKeys<Key extends { status: "active" | "revoked" }>(keys: readonly Key[]): { active: Key[]; revoked: Key[] } {
  return { active: keys.filter((key) => key.status === "active"), revoked: keys.filter((key) => key.status === "revoked") };
}

export function RevokedKeys({ count, children }: { count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <details className="group mt-4">
      <summary className="cursor-pointer text-sm font-medium text-slate-700 hover:text-slate-900">
        Revoked keys ({count})<span className="ml-2 font-normal text-slate-500">refused by the API; kept for their history</span>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/**
 * Keys as a table (cards on a phone): name and hint, dates, status, and for a working key the caller's
 * revoke button (the owner's page and the console confirm differently); a revoked key shows when.
 */
export function ApiKeyTable({
  label,
  keys,
  revokeButton,
}: {
  label: string;
  keys: ApiKeyView[];
  revokeButton: (key: ApiKeyView) => ReactNode;
}) {
  return (
    <ResponsiveList
      label={label}
      columns={KEY_COLUMNS}
      headings={["Name", "Created", "Last used", "Status"]}
      items={keys}
      itemKey={(key) => key.keyId}
    >
      {(key) => (
        <>
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium break-words text-slate-900">{key.name}</span>
              <ModeBadge livemode={key.livemode} />
            </p>
            <KeyHint apiKey={key} />
          </div>
          <ItemFacts>
            <ItemFact label="Created">{formatDateTime(key.createdAt)}</ItemFact>
            <ItemFact label="Last used">{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}</ItemFact>
            <ItemFact label="Status">
              <KeyStatusBadge status={key.status} />
            </ItemFact>
          </ItemFacts>
          <ItemActions>
            {key.status === "active"
              ? revokeButton(key)
              : key.revokedAt && <span className="text-xs text-slate-500">Revoked {formatDateTime(key.revokedAt)}</span>}
          </ItemActions>
        </>
      )}
    </ResponsiveList>
  );
}

/**
 * An account's keys as the owner's page and the console show them: the working keys' table (or
 * `noActive` when there are none), then the revoked keys folded away below it.
 */
export function ApiKeyLists({
  keys,
  noActive,
  revokeButton,
}: {
  keys: ApiKeyView[];
  noActive: ReactNode;
  revokeButton: (key: ApiKeyView) => ReactNode;
}) {
  const { active, revoked } = splitKeys(keys);
  return (
    <>
      {active.length > 0 ? <ApiKeyTable label="API keys" keys={active} revokeButton={revokeButton} /> : <Empty>{noActive}</Empty>}
      <RevokedKeys count={revoked.length}>
        <ApiKeyTable label="Revoked API keys" keys={revoked} revokeButton={revokeButton} />
      </RevokedKeys>
    </>
  );
}

/** A working key's Revoke button, full width on a phone; `label` names the key for screen readers. */
export function RevokeKeyButton({ label, tone, onClick }: { label: string; tone: ButtonTone; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={`${buttonClass(tone, "sm")} w-full sm:w-auto`}>
      Revoke
    </button>
  );
}
