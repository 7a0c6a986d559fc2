"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";
import { formatDateTime } from "~/components/dates";
import { buttonClass } from "~/components/ui/buttons";
import { cellClass, DataTable, rowHeaderClass } from "~/components/ui/data-table";
import { ConfirmDialog } from "~/components/ui/dialogs";
import { Empty, Loading } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { readProblem } from "../../_components/problem";
import { useRefreshAccount } from "./use-refresh-account";

interface KeyChoice {
  keyId: string;
  name: string;
}

const KEY_COLUMNS = [
  { label: "Name" },
  { label: "Status" },
  { label: "Created" },
  { label: "Last used" },
  { label: "Actions", hidden: true },
];

/** The account's API keys (never the keys themselves) and revoking one. */
export function ApiKeysPanel({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const keys = useQuery(trpc.operator.apiKeys.queryOptions({ accountId }, { retry: retryUnlessRefused }));
  const [revoking, setRevoking] = useState<KeyChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const revoke = useMutation(
    trpc.operator.revokeApiKey.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setDone(`Revoked the key “${revoking?.name ?? ""}”. Requests with it are refused from now on.`);
        setRevoking(null);
      },
      onError: (error) => setProblem(readProblem(error).message),
    }),
  );

  return (
    <Panel id="api-keys-heading" title="API keys" description="Keys are shown once, when created; here are their names and use.">
      {keys.isPending && <Loading>Loading API keys…</Loading>}
      {keys.isError && <ErrorAlert>The API keys could not be loaded. {readProblem(keys.error).message}</ErrorAlert>}
      {done && <Notice className="mb-3">{done}</Notice>}
      {keys.data && keys.data.length === 0 && (
        <Empty>This account has no API keys. The account owner creates them on the portal&apos;s API keys page.</Empty>
      )}
      {keys.data && keys.data.length > 0 && (
        <DataTable label="API keys" columns={KEY_COLUMNS}>
          {keys.data.map((key) => (
            <tr key={key.keyId}>
              <th scope="row" className={rowHeaderClass}>
                {key.name}
                <span className="block font-mono text-xs font-normal text-slate-500">{key.prefix}…</span>
              </th>
              <td className={cellClass}>
                {key.status === "active" ? (
                  <span className="font-medium text-emerald-800">Active</span>
                ) : (
                  <span className="text-slate-600">Revoked {formatDateTime(key.revokedAt)}</span>
                )}
              </td>
              <td className={cellClass}>{formatDateTime(key.createdAt)}</td>
              <td className={cellClass}>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}</td>
              <td className={`${cellClass} text-right`}>
                {key.status === "active" && (
                  <button
                    type="button"
                    className={buttonClass("dangerOutline", "sm")}
                    aria-label={`Revoke key ${key.name}`}
                    onClick={() => {
                      setProblem(null);
                      setDone(null);
                      setRevoking({ keyId: key.keyId, name: key.name });
                    }}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke the key “${revoking.name}”?`}
          confirmLabel="Revoke key"
          pendingLabel="Revoking…"
          tone="danger"
          pending={revoke.isPending}
          error={problem}
          onCancel={() => {
            setRevoking(null);
            setProblem(null);
          }}
          onConfirm={() => revoke.mutate({ keyId: revoking.keyId })}
        >
          <p>
            Every request made with this key will be refused from the next one on. This cannot be undone; the owner can create a new key.
          </p>
        </ConfirmDialog>
      )}
    </Panel>
  );
}
