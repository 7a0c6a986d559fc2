"use client";
/**
 * One endpoint: where it is, what it takes, whether it is on; the service's notice when it disabled
 * the endpoint (with Re-enable) or deliveries keep failing; its actions (a test event, edit, disable
 * or enable, a new secret, delete, each change that is hard to take back asked first); and its recent
 * deliveries.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { formatDateTime } from "~/components/dates";
import { describeError } from "~/components/describe-error";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/buttons";
import { ConfirmDialog, DialogFooter, Modal, mutationConfirmProps } from "~/components/ui/dialogs";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import { cardClass } from "~/components/ui/panel";
import type { WebhookEndpointView } from "~/server/services/webhooks/webhook-endpoint-view";
import { useTRPC } from "~/trpc/react";
import { EndpointFields, useEndpointDraft } from "./endpoint-fields";
import { EndpointDeliveries } from "./endpoint-deliveries";
import { ROTATION_OVERLAP_HOURS } from "./webhook-words";

type Confirming = "disable" | "rotate" | "delete" | null;

export function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpointView;
  onSecret: (shown: { url: string; secret: string; rotatedUntil: string | null }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const refreshDeliveries = () =>
    queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ endpointId: endpoint.id }) });

  const update = useMutation(trpc.webhooks.update.mutationOptions());
  const remove = useMutation(trpc.webhooks.delete.mutationOptions());
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions());
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions());
  const close = () => setConfirming(null);
  /** Opens a confirmation, forgetting what an earlier use of its mutation said. */
  const ask = (which: Exclude<Confirming, null>) => {
    for (const mutation of [update, remove, rotate]) mutation.reset();
    setConfirming(which);
  };

  function said(text: string | null) {
    setProblem(null);
    setNotice(text);
  }

  function enable() {
    said(null);
    update.mutate(
      { endpointId: endpoint.id, enabled: true },
      {
        onSuccess: () => {
          said("Enabled: events are delivered to this endpoint again.");
          void refreshList();
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  }

  function test() {
    said(null);
    sendTest.mutate(
      { endpointId: endpoint.id },
      {
        onSuccess: ({ eventId }) => {
          said(`Test event ${eventId} sent. It shows in the deliveries below.`);
          void refreshDeliveries();
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-mono text-sm font-semibold break-all text-slate-900">
            {endpoint.url}
          </h3>
          {endpoint.description && <p className="mt-0.5 text-sm break-words text-slate-600">{endpoint.description}</p>}
        </div>
        {endpoint.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
      </div>

      {endpoint.disabledReason && (
        <div role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-semibold">We disabled this endpoint and stopped sending it events.</p>
          <p className="mt-1">{endpoint.disabledReason}</p>
          <p className="mt-1">Deliveries that were waiting were given up. Once your receiver works, re-enable it and resend them below.</p>
          <button type="button" onClick={enable} disabled={update.isPending} className={`${buttonClass("secondary", "sm")} mt-2`}>
            {update.isPending ? "Enabling…" : "Re-enable"}
          </button>
        </div>
      )}
      {endpoint.enabled && endpoint.failingSince && (
        <Notice tone="warning" className="mt-3">
          Deliveries to this endpoint have been failing since {formatDateTime(endpoint.failingSince)}. They are retried for about three
          days; if every one keeps failing, we disable the endpoint.
        </Notice>
      )}

      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-slate-500">Events</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {endpoint.eventTypes.map((type) => (
              <code key={type} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                {type}
              </code>
            ))}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-500">Added</dt>
          <dd className="text-slate-700">{formatDateTime(endpoint.createdAt)}</dd>
        </div>
        {endpoint.secretRotatedUntil && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-500">Previous secret</dt>
            <dd className="text-slate-700">also signs deliveries until {formatDateTime(endpoint.secretRotatedUntil)}</dd>
          </div>
        )}
      </dl>

      {problem && <ErrorAlert className="mt-3">{problem}</ErrorAlert>}
      {notice && (
        <Notice className="mt-3">
          <span className="break-words">{notice}</span>
        </Notice>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        {endpoint.enabled && (
          <button type="button" onClick={test} disabled={sendTest.isPending} className={buttonClass("secondary", "sm")}>
            {sendTest.isPending ? "Sending…" : "Send test event"}
          </button>
        )}
        <ActionButton label="Edit" url={endpoint.url} onClick={() => setEditing(true)} />
        {endpoint.enabled ? (
          <ActionButton label="Disable" url={endpoint.url} onClick={() => ask("disable")} />
        ) : (
          !endpoint.disabledReason && <ActionButton label="Enable" url={endpoint.url} onClick={enable} disabled={update.isPending} />
        )}
        <ActionButton label="Rotate secret" url={endpoint.url} onClick={() => ask("rotate")} />
        <ActionButton label="Delete" url={endpoint.url} tone="dangerOutline" onClick={() => ask("delete")} />
      </div>

      <EndpointDeliveries endpoint={endpoint} />

      {editing && (
        <EditEndpointDialog
          endpoint={endpoint}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            said("Saved.");
            void refreshList();
          }}
        />
      )}

      {confirming === "disable" && (
        <ConfirmDialog
          title="Disable this endpoint?"
          confirmLabel="Disable endpoint"
          pendingLabel="Disabling…"
          tone="danger"
          {...mutationConfirmProps(update, close)}
          onConfirm={() =>
            update.mutate(
              { endpointId: endpoint.id, enabled: false },
              {
                onSuccess: () => {
                  close();
                  said("Disabled: no events are sent to this endpoint until you enable it.");
                  void refreshList();
                  void refreshDeliveries();
                },
              },
            )
          }
        >
          <p>
            No events are sent to <span className="font-mono break-all">{endpoint.url}</span> until you enable it again.
          </p>
          <p>Deliveries still waiting are given up; you can resend them once it is enabled.</p>
        </ConfirmDialog>
      )}

      {confirming === "rotate" && (
        <ConfirmDialog
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          pendingLabel="Rotating…"
          {...mutationConfirmProps(rotate, close)}
          onConfirm={() =>
            rotate.mutate(
              { endpointId: endpoint.id },
              {
                onSuccess: ({ url, secret, secretRotatedUntil }) => {
                  close();
                  onSecret({ url, secret, rotatedUntil: secretRotatedUntil });
                  void refreshList();
                },
              },
            )
          }
        >
          <p>A new secret is made and shown once. Deliveries are signed with it from now on.</p>
          <p>
            The current secret keeps signing beside it for {ROTATION_OVERLAP_HOURS} hours, so your receiver can switch over without missing
            a delivery.
          </p>
        </ConfirmDialog>
      )}

      {confirming === "delete" && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          pendingLabel="Deleting…"
          tone="danger"
          {...mutationConfirmProps(remove, close)}
          onConfirm={() =>
            remove.mutate(
              { endpointId: endpoint.id },
              {
                onSuccess: () => {
                  close();
                  // Gone from the list as the dialog closes; the refetch that follows confirms it.
                  queryClient.setQueryData(trpc.webhooks.list.queryKey(), (current) => current?.filter((each) => each.id !== endpoint.id));
                  void refreshList();
                },
              },
            )
          }
        >
          <p>
            No more events are sent to <span className="font-mono break-all">{endpoint.url}</span>, and its delivery history is deleted with
            it.
          </p>
          <p>This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A button whose accessible name says which endpoint it acts on, as the same buttons repeat for each. */
function ActionButton({
  label,
  url,
  tone = "secondary",
  disabled,
  onClick,
}: {
  label: string;
  url: string;
  tone?: "secondary" | "dangerOutline";
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={buttonClass(tone, "sm")}>
      {label}
      <span className="sr-only"> {url}</span>
    </button>
  );
}

function EditEndpointDialog({ endpoint, onClose, onSaved }: { endpoint: WebhookEndpointView; onClose: () => void; onSaved: () => void }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.webhooks.update.mutationOptions());
  const { draft, setDraft, problems, formError, submit } = useEndpointDraft({
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
  });
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit((input, onError) => update.mutate({ endpointId: endpoint.id, ...input }, { onSuccess: onSaved, onError }));
  }

  return (
    <Modal title="Edit endpoint" onDismiss={update.isPending ? null : onClose}>
      <form onSubmit={onSubmit} noValidate aria-label="Edit endpoint" className="space-y-4">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <EndpointFields idPrefix={`${id}-edit`} draft={draft} problems={problems} onChange={setDraft} />
        <DialogFooter pending={update.isPending} onCancel={onClose} actionLabel="Save changes" pendingLabel="Saving…" />
      </form>
    </Modal>
  );
}
