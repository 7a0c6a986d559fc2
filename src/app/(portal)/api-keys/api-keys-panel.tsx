"use client";
/**
 * The API-keys page's interactive part: the create form, the one-time display of a new key, and the
 * list with revocation. The new key lives only in this component's state: closing the dialog or
 * reloading the page forgets it for good.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LoadingRows, QueryStates } from "~/components/ui/load-states";
import { Panel } from "~/components/ui/panel";
import { useTRPC } from "~/trpc/react";
import { ApiKeyList } from "./api-key-list";
import { CreateApiKeyForm, type CreatedApiKey } from "./create-api-key-form";
import { NewApiKeyDialog } from "./new-api-key-dialog";

/** "2 live keys · 1 test key": the working keys of each mode (revoked ones are counted in their own section). */
function keyCounts(keys: readonly { livemode: boolean; status: "active" | "revoked" }[]): string {
  const active = keys.filter((key) => key.status === "active");
  const count = (n: number, mode: string) => `${n} ${mode} key${n === 1 ? "" : "s"}`;
  return `${count(active.filter((key) => key.livemode).length, "live")} · ${count(active.filter((key) => !key.livemode).length, "test")}`;
}

export function ApiKeysPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });

  return (
    <div className="mt-6 space-y-6">
      <Panel id="create-key-heading" title="Create a key">
        <CreateApiKeyForm
          onCreated={(key) => {
            setCreated(key);
            void refreshList();
          }}
        />
      </Panel>

      <section aria-labelledby="keys-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="keys-heading" className="text-base font-semibold">
            Your keys
          </h2>
          {keys.data && (
            <p className="text-sm text-slate-600" data-testid="key-counts">
              {keyCounts(keys.data)}
            </p>
          )}
        </div>
        <div className="mt-3">
          <QueryStates query={keys} loading={<LoadingRows label="Loading your API keys…" />}>
            {(data) => <ApiKeyList keys={data} onRevoked={() => void refreshList()} />}
          </QueryStates>
        </div>
      </section>

      {created && (
        <NewApiKeyDialog
          name={created.name}
          apiKey={created.apiKey}
          livemode={created.livemode}
          returnFocusTo={created.opener}
          onClose={() => setCreated(null)}
        />
      )}
    </div>
  );
}
