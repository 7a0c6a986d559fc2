"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";
import { buttonClass } from "~/components/ui/buttons";
import { Empty, Loading } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ApiKeyTable, RevokedKeys, splitKeys } from "~/components/api-key-display";
import type { ApiKeyView } from "~/server/services/api-keys/list-api-keys";
import { retryUnlessRefused } from "~/components/retry-unless-refused";
import { readProblem } from "../../_components/problem";
import { ConfirmChangeDialog, useConfirmedChange } from "./confirmed-change";
import { useRefreshAccount } from "./use-refresh-account";

interface KeyChoice {
  keyId: string;
  name: string;
}

/** The account's API keys (never the keys themselves) and revoking one. */
export function ApiKeysPanel({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshAccount();
  const keys = useQuery(trpc.operator.apiKeys.queryOptions({ accountId }, { retry: retryUnlessRefused }));
  const revoking = useConfirmedChange<KeyChoice>();
  const revoke = useMutation(
    trpc.operator.revokeApiKey.mutationOptions({
      onSuccess: async () => {
        await refresh();
        revoking.succeeded(`Revoked the key “${revoking.choice?.name ?? ""}”. Requests with it are refused from now on.`);
      },
      onError: revoking.failed,
    }),
  );

  const split = splitKeys(keys.data ?? []);
  const keyList = (label: string, items: ApiKeyView[]) => (
    <ApiKeyTable
      label={label}
      keys={items}
      revokeButton={(key) => (
        <button
          type="button"
          className={`${buttonClass("dangerOutline", "sm")} w-full sm:w-auto`}
          aria-label={`Revoke key ${key.name}`}
          onClick={() => revoking.ask({ keyId: key.keyId, name: key.name })}
        >
          Revoke
        </button>
      )}
    />
  );

  return (
    <Panel id="api-keys-heading" title="API keys" description="Keys are shown once, when created; here are their names and use.">
      {keys.isPending && <Loading>Loading API keys…</Loading>}
      {keys.isError && <ErrorAlert>The API keys could not be loaded. {readProblem(keys.error).message}</ErrorAlert>}
      {revoking.done && <Notice className="mb-3">{revoking.done}</Notice>}
      {keys.data && keys.data.length === 0 && (
        <Empty>This account has no API keys. The account owner creates them on the portal&apos;s API keys page.</Empty>
      )}
      {keys.data && keys.data.length > 0 && (
        <>
          {split.active.length > 0 ? keyList("API keys", split.active) : <Empty>No active API keys.</Empty>}
          <RevokedKeys count={split.revoked.length}>{keyList("Revoked API keys", split.revoked)}</RevokedKeys>
        </>
      )}
      <ConfirmChangeDialog
        change={revoking}
        pending={revoke.isPending}
        title={(key) => `Revoke the key “${key.name}”?`}
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        onConfirm={(key) => revoke.mutate({ keyId: key.keyId })}
      >
        {() => (
          <p>
            Every request made with this key will be refused from the next one on. This cannot be undone; the owner can create a new key.
          </p>
        )}
      </ConfirmChangeDialog>
    </Panel>
  );
}
