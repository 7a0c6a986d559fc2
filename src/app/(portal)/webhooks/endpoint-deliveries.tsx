"use client";
/**
 * An endpoint's recent deliveries (the service keeps the last 50 listed), newest first: the event,
 * where the delivery stands, and every attempt with what the receiver answered. Looked at again every
 * few seconds while one is still on its way. Any delivery can be sent again; one still being retried
 * is tried again at once. "Resend failed…" sends every event whose delivery failed since a time.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { formatDateTimeSeconds, fromLagosInputValue, toLagosInputValue } from "~/components/dates";
import { describeError } from "~/components/describe-error";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/buttons";
import { DialogFooter, Modal } from "~/components/ui/dialogs";
import { TextField } from "~/components/ui/fields";
import { Empty, LoadingRows, QueryStates } from "~/components/ui/load-states";
import { ErrorAlert, Notice } from "~/components/ui/notices";
import type { DeliveryView } from "~/server/services/webhooks/webhook-deliveries";
import type { WebhookEndpointView } from "~/server/services/webhooks/webhook-endpoint-view";
import { useTRPC } from "~/trpc/react";
import { deliveryState } from "./webhook-words";

const WHILE_IN_FLIGHT_MS = 2_000;
const OTHERWISE_MS = 15_000;

export function EndpointDeliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const deliveries = useQuery(
    trpc.webhooks.deliveries.queryOptions(
      { endpointId: endpoint.id },
      {
        refetchInterval: (query) =>
          query.state.data?.some((delivery) => delivery.status === "pending") ? WHILE_IN_FLIGHT_MS : OTHERWISE_MS,
      },
    ),
  );
  const resend = useMutation(trpc.webhooks.resendDelivery.mutationOptions());
  const [resendingFailed, setResendingFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = () => {
    // The worker may also have changed the endpoint (a failure streak, disabling it).
    void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
    return queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey({ endpointId: endpoint.id }) });
  };

  function resendOne(delivery: DeliveryView) {
    setNotice(null);
    setProblem(null);
    resend.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => {
          setNotice(
            delivery.status === "pending"
              ? `Trying ${delivery.eventType} again now.`
              : `${delivery.eventType} sent again as a new delivery.`,
          );
          void refresh();
        },
        onError: (error) => setProblem(describeError(error)),
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-800">
          Recent deliveries
        </h4>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => void refresh()} className={buttonClass("secondary", "sm")}>
            Refresh
          </button>
          {endpoint.enabled && (
            <button
              type="button"
              onClick={() => {
                setNotice(null);
                setResendingFailed(true);
              }}
              className={buttonClass("secondary", "sm")}
            >
              Resend failed…
            </button>
          )}
        </div>
      </div>
      {problem && <ErrorAlert className="mt-3">{problem}</ErrorAlert>}
      {notice && <Notice className="mt-3">{notice}</Notice>}
      <div className="mt-3">
        <QueryStates query={deliveries} loading={<LoadingRows label="Loading the deliveries…" rows={2} />} what="the deliveries">
          {(list) =>
            list.length === 0 ? (
              <Empty>No deliveries yet. Send a test event to try your receiver.</Empty>
            ) : (
              <ul aria-labelledby={headingId} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                {list.map((delivery) => (
                  <DeliveryItem
                    key={delivery.id}
                    delivery={delivery}
                    canResend={endpoint.enabled}
                    resending={resend.isPending && resend.variables?.deliveryId === delivery.id}
                    onResend={() => resendOne(delivery)}
                  />
                ))}
              </ul>
            )
          }
        </QueryStates>
      </div>
      {!endpoint.enabled && (
        <p className="mt-2 text-sm text-slate-600">Enable the endpoint to send it a test event or resend deliveries.</p>
      )}

      {resendingFailed && (
        <ResendFailedDialog
          endpointId={endpoint.id}
          onClose={() => setResendingFailed(false)}
          onResent={(resent) => {
            setResendingFailed(false);
            setNotice(
              resent === 0
                ? "No failed deliveries since then: nothing was resent."
                : `Resent ${resent} failed ${resent === 1 ? "event" : "events"}.`,
            );
            void refresh();
          }}
        />
      )}
    </section>
  );
}

function DeliveryItem({
  delivery,
  canResend,
  resending,
  onResend,
}: {
  delivery: DeliveryView;
  canResend: boolean;
  resending: boolean;
  onResend: () => void;
}) {
  const state = deliveryState(delivery);
  const retrying = delivery.status === "pending" && delivery.attempts.length > 0;
  const action = delivery.status === "pending" ? (retrying ? "Retry now" : null) : "Resend";
  return (
    <li className="px-3 py-3 text-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-xs font-semibold text-slate-900">{delivery.eventType}</code>
            <Badge tone={state.tone}>{state.label}</Badge>
          </p>
          <p className="mt-0.5 font-mono text-xs break-all text-slate-500">{delivery.eventId}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            Created {formatDateTimeSeconds(delivery.createdAt)}
            {retrying && delivery.nextAttemptAt && <> · next attempt {formatDateTimeSeconds(delivery.nextAttemptAt)}</>}
          </p>
        </div>
        {canResend && action && (
          <button
            type="button"
            onClick={onResend}
            disabled={resending}
            className={`${buttonClass("secondary", "sm")} w-full shrink-0 sm:w-auto`}
          >
            {resending ? "Sending…" : action}
            <span className="sr-only">
              {" "}
              {delivery.eventType} {delivery.eventId}
            </span>
          </button>
        )}
      </div>
      {delivery.attempts.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-slate-700">
            {delivery.attempts.length === 1 ? "1 attempt" : `${delivery.attempts.length} attempts`}: {answerOf(delivery.attempts.at(-1)!)}
          </summary>
          <ol className="mt-2 space-y-2">
            {delivery.attempts.map((attempt, index) => (
              <li key={index} className="rounded-md bg-slate-50 px-2 py-1.5 text-xs">
                <p className="text-slate-700">
                  <span className="text-slate-500">{formatDateTimeSeconds(attempt.attemptedAt)}</span> · {answerOf(attempt)} ·{" "}
                  {attempt.responseMs} ms{attempt.responseExcerpt && <span className="text-slate-500"> · response:</span>}
                </p>
                {attempt.responseExcerpt && (
                  // Focusable, so a keyboard can scroll an answer taller than its box.
                  <pre
                    tabIndex={0}
                    className="mt-1 max-h-32 overflow-auto rounded border border-slate-200 bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-700"
                  >
                    {attempt.responseExcerpt}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

function answerOf(attempt: DeliveryView["attempts"][number]): string {
  if (attempt.statusCode !== null) return `HTTP ${attempt.statusCode}`;
  return attempt.error ? `Error: ${attempt.error}` : "No answer";
}

function ResendFailedDialog({
  endpointId,
  onClose,
  onResent,
}: {
  endpointId: string;
  onClose: () => void;
  onResent: (resent: number) => void;
}) {
  const trpc = useTRPC();
  const resendFailed = useMutation(trpc.webhooks.resendFailed.mutationOptions());
  // Rendered only once asked for, in the browser: a default from the clock cannot differ from a server render.
  const [since, setSince] = useState(() => toLagosInputValue(new Date(Date.now() - 24 * 3_600_000)));
  const [sinceProblem, setSinceProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const instant = fromLagosInputValue(since);
    if (!instant) {
      setSinceProblem("Enter a date and time.");
      return;
    }
    setSinceProblem(null);
    resendFailed.mutate(
      { endpointId, since: instant },
      { onSuccess: ({ resent }) => onResent(resent), onError: (error) => setFormError(describeError(error)) },
    );
  }

  return (
    <Modal title="Resend failed deliveries" onDismiss={resendFailed.isPending ? null : onClose}>
      <form onSubmit={onSubmit} noValidate aria-label="Resend failed deliveries" className="space-y-4">
        <p className="text-sm text-slate-700">
          Every event whose delivery to this endpoint failed since then is sent again, oldest first. Each keeps its event id (the webhook-id
          header), so your receiver can tell an event it has already handled.
        </p>
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <TextField
          id={`${id}-since`}
          label="Failed since (Lagos time)"
          error={sinceProblem}
          name="since"
          type="datetime-local"
          value={since}
          onChange={(event) => setSince(event.target.value)}
        />
        <DialogFooter pending={resendFailed.isPending} onCancel={onClose} actionLabel="Resend failed" pendingLabel="Resending…" />
      </form>
    </Modal>
  );
}
