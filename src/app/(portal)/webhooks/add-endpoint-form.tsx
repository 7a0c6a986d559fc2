"use client";
/** Adds an endpoint: its URL, a description and the event types, the defaults ticked to begin with. */
import { useMutation } from "@tanstack/react-query";
import { useId, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/buttons";
import { ErrorAlert } from "~/components/ui/notices";
import { DEFAULT_EVENT_TYPES } from "~/schemas/webhooks";
import { useTRPC } from "~/trpc/react";
import { EndpointFields, useEndpointDraft, type EndpointDraft } from "./endpoint-fields";

const EMPTY: EndpointDraft = { url: "", description: "", eventTypes: [...DEFAULT_EVENT_TYPES] };

export function AddEndpointForm({
  takenUrls,
  onAdded,
}: {
  /** The account's endpoints' addresses: adding one of them again is refused (see useEndpointDraft). */
  takenUrls: readonly string[];
  onAdded: (endpoint: { url: string; secret: string }) => void;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const { draft, setDraft, problems, formError, submit } = useEndpointDraft(EMPTY, { takenUrls });
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit((input, onError) =>
      create.mutate(input, {
        onSuccess: ({ url, secret }) => {
          setDraft(EMPTY);
          onAdded({ url, secret });
        },
        onError,
      }),
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add an endpoint" className="space-y-4">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <EndpointFields idPrefix={`${id}-new`} draft={draft} problems={problems} onChange={setDraft} twoColumns />
      <button type="submit" disabled={create.isPending} className={`${buttonClass("primary")} w-full sm:w-auto`}>
        {create.isPending ? "Adding…" : "Add endpoint"}
      </button>
    </form>
  );
}
