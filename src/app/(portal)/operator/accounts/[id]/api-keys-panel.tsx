"use client";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/trpc/react";
import { Empty, Loading } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { Panel } from "~/components/ui/panel";
import { ApiKeyLists, RevokeKeyButton } from "~/components/api-key-display";
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

  return (
    <Panel id="api-keys-heading" title="API keys" description="Keys are shown once, when created; here are their names and use.">
      {keys.isPending && <Loading>Loading API keys…</Loading>}
      {keys.isError && <ErrorAlert>The API keys could not be loaded. {readProblem(keys.error).message}</ErrorAlert>}
      {revoking.done && <Notice className="mb-3">{revoking.done}</Notice>}
      {keys.data && keys.data.length === 0 && (
        <Empty>This account has no API keys. The account owner creates them on the portal&apos;s API keys page.</Empty>
      )}
      {keys.data && keys.data.length > 0 && (
        <ApiKeyLists
          keys={keys.data}
          noActive="No active API keys."
          revokeButton={(key) => (
            <RevokeKeyButton
              label={`Revoke key ${key.name}`}
              tone="dangerOutline"
              onClick={() => revoking.ask({ keyId: key.keyId, name: key.name })}
            />
          )}
        />
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
