"use client";
/**
 * The account's keys: one row per key with its dates and status; on a phone each row stacks into a
 * card, with every value still labelled. Working keys first, the revoked ones folded away below them.
 * Revoking asks first, naming the key.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiKeyLists, RevokeKeyButton } from "~/components/api-key-display";
import { ConfirmDialog, mutationConfirmProps } from "~/components/ui/dialogs";
import { Empty } from "~/components/ui/load-states";
import type { ApiKeyView } from "~/server/services/api-keys/list-api-keys";
import { useTRPC } from "~/trpc/react";

export function ApiKeyList({ keys, onRevoked }: { keys: ApiKeyView[]; onRevoked: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions());
  const [confirming, setConfirming] = useState<ApiKeyView | null>(null);

  if (keys.length === 0) return <Empty>No API keys yet. Create one above for each server that calls the API.</Empty>;
  return (
    <>
      <ApiKeyLists
        keys={keys}
        noActive="No active API keys. Create one above for each server that calls the API."
        revokeButton={(key) => <RevokeKeyButton label={`Revoke ${key.name}`} tone="secondary" onClick={() => setConfirming(key)} />}
      />

      {confirming && (
        <ConfirmDialog
          title={`Revoke “${confirming.name}”?`}
          confirmLabel="Revoke key"
          pendingLabel="Revoking…"
          tone="danger"
          {...mutationConfirmProps(revoke, () => setConfirming(null))}
          onConfirm={() =>
            revoke.mutate(
              { keyId: confirming.keyId },
              {
                onSuccess: ({ keyId, revokedAt }) => {
                  // Show it revoked as the dialog closes; the refetch that follows confirms it.
                  queryClient.setQueryData(trpc.apiKeys.list.queryKey(), (current) =>
                    current?.map((key) =>
                      key.keyId === keyId ? { ...key, status: "revoked" as const, revokedAt: new Date(revokedAt) } : key,
                    ),
                  );
                  setConfirming(null);
                  onRevoked();
                },
              },
            )
          }
        >
          <p>Any server still using this key is refused from its very next request. This cannot be undone.</p>
          <p>Before revoking, make sure your servers have switched to another key.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
