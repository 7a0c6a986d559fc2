"use client";
/**
 * The webhooks page's interactive part: adding an endpoint, the endpoints with their deliveries, and
 * the low-balance alert. A new or rotated signing secret lives only in this component's state, shown
 * once in its dialog: closing it or reloading the page forgets it for good.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "~/components/dates";
import { ShowOnceSecretDialog } from "~/components/show-once-secret";
import { Empty, LoadingRows, QueryStates } from "~/components/ui/load-states";
import { Panel } from "~/components/ui/panel";
import { MAX_WEBHOOK_ENDPOINTS } from "~/schemas/webhooks";
import { useTRPC } from "~/trpc/react";
import { AddEndpointForm } from "./add-endpoint-form";
import { EndpointCard } from "./endpoint-card";
import { LowBalancePanel } from "./low-balance-panel";
import { ROTATION_OVERLAP_HOURS } from "./webhook-words";

interface ShownSecret {
  url: string;
  secret: string;
  /** Set after a rotation: until when the previous secret signs too. */
  rotatedUntil: string | null;
  rotated: boolean;
}

// The worker changes an endpoint behind the page's back (a failure streak, disabling it): looked at again now and then.
const LIST_REFRESH_MS = 15_000;

export function WebhooksPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.webhooks.list.queryOptions(undefined, { refetchInterval: LIST_REFRESH_MS }));
  const [shown, setShown] = useState<ShownSecret | null>(null);

  return (
    <div className="mt-6 space-y-6">
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className="text-base font-semibold">
          Your endpoints
        </h2>
        <div className="mt-3 space-y-4">
          <QueryStates query={endpoints} loading={<LoadingRows label="Loading your endpoints…" />} what="your endpoints">
            {(list) =>
              list.length === 0 ? (
                <Empty>No endpoints yet. Add one below to be told about purchases, fundings and keys as they happen.</Empty>
              ) : (
                list.map((endpoint) => (
                  <EndpointCard
                    key={endpoint.id}
                    endpoint={endpoint}
                    onSecret={({ url, secret, rotatedUntil }) => setShown({ url, secret, rotatedUntil, rotated: true })}
                  />
                ))
              )
            }
          </QueryStates>
        </div>
      </section>

      <Panel
        id="add-endpoint-heading"
        title="Add an endpoint"
        description={`Up to ${MAX_WEBHOOK_ENDPOINTS} per account. Its signing secret is shown once, when it is added.`}
      >
        <AddEndpointForm
          takenUrls={endpoints.data?.map((endpoint) => endpoint.url) ?? []}
          onAdded={({ url, secret }) => {
            setShown({ url, secret, rotatedUntil: null, rotated: false });
            void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
          }}
        />
      </Panel>

      <LowBalancePanel />

      {shown && (
        <ShowOnceSecretDialog
          title={shown.rotated ? "New signing secret" : "Endpoint added: its signing secret"}
          label="Signing secret"
          secret={shown.secret}
          what="secret"
          doneLabel="I've stored the secret"
          onClose={() => setShown(null)}
          warning={
            <>
              <p className="font-semibold">This is the only time the secret is shown. Store it with your receiver&apos;s settings now.</p>
              <p className="mt-1">If it is lost, rotate the secret to get a new one.</p>
            </>
          }
        >
          <p>
            For <span className="font-mono break-all">{shown.url}</span>. Your receiver checks each delivery&apos;s{" "}
            <code className="font-mono text-xs">webhook-signature</code> with it; any Standard Webhooks library takes the secret as it is.
          </p>
          {shown.rotated && (
            <p>
              The previous secret keeps signing deliveries beside this one for {ROTATION_OVERLAP_HOURS} hours
              {shown.rotatedUntil && <> (until {formatDateTime(shown.rotatedUntil)})</>}, so switch your receiver over before then.
            </p>
          )}
        </ShowOnceSecretDialog>
      )}
    </div>
  );
}
