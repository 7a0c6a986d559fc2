"use client";
/**
 * An endpoint's fields, for adding one and editing one: its URL, a description, and the event types
 * as checkboxes. Checked on submit with the shared schema (the service checks again, and its problems,
 * such as an address it will not call, land on the same fields).
 */
import { useState, type ReactNode } from "react";
import { describeError, fieldErrorsOf } from "~/components/describe-error";
import { FieldError, TextField } from "~/components/ui/fields";
import { createWebhookEndpointInput, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "~/schemas/webhooks";
import { EVENT_DESCRIPTIONS } from "./webhook-words";

export interface EndpointDraft {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

export type EndpointField = keyof EndpointDraft;
export type EndpointProblems = Partial<Record<EndpointField, string>>;

const LABELS: Record<EndpointField, string> = { url: "URL", description: "Description", eventTypes: "Events" };

function problemsFrom(byField: Record<string, string | undefined>): EndpointProblems {
  const problems: EndpointProblems = {};
  for (const field of Object.keys(LABELS) as EndpointField[]) {
    if (byField[field]) problems[field] = `${LABELS[field]} ${byField[field]}.`;
  }
  return problems;
}

/** The draft as the procedures take it, or the problem of each field. */
function checkDraft(draft: EndpointDraft): { input: EndpointDraft } | { problems: EndpointProblems } {
  const parsed = createWebhookEndpointInput.safeParse(draft);
  if (parsed.success) return { input: { ...draft, url: parsed.data.url, description: parsed.data.description } };
  const byField: Record<string, string> = {};
  for (const issue of parsed.error.issues) byField[String(issue.path[0])] ??= issue.message;
  return { problems: problemsFrom(byField) };
}

/** The same address however it was typed ("HTTPS://Example.com/hooks" and "https://example.com/hooks"). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** The service's field problems from a failed save. */
function problemsOf(error: unknown): EndpointProblems {
  return problemsFrom(fieldErrorsOf(error));
}

/**
 * What the add and the edit form share: the draft, each field's problem and the form's. `submit`
 * checks the draft and hands it to `send`, which calls back with a failed save's error: its field
 * problems go to the fields, anything else above the form.
 *
 * `takenUrls`, the account's other endpoints' addresses: the service accepts a second endpoint at one
 * address (an integrator may split event types that way), but from the form it is nearly always a
 * second click on "Add endpoint", which would deliver every event twice; it is refused here by name.
 */
export function useEndpointDraft(initial: EndpointDraft, { takenUrls = [] }: { takenUrls?: readonly string[] } = {}) {
  const [draft, setDraft] = useState<EndpointDraft>(initial);
  const [problems, setProblems] = useState<EndpointProblems>({});
  const [formError, setFormError] = useState<string | null>(null);

  function submit(send: (input: EndpointDraft, onError: (error: unknown) => void) => void) {
    setFormError(null);
    const checked = checkDraft(draft);
    if ("problems" in checked) return setProblems(checked.problems);
    if (takenUrls.some((url) => sameUrl(url, checked.input.url))) {
      return setProblems({
        url: "URL is already the address of one of your endpoints: change that endpoint's events instead of adding it twice.",
      });
    }
    setProblems({});
    send(checked.input, (error) => {
      const byField = problemsOf(error);
      setProblems(byField);
      if (Object.keys(byField).length === 0) setFormError(describeError(error));
    });
  }

  return { draft, setDraft, problems, formError, submit };
}

export function EndpointFields({
  idPrefix,
  draft,
  problems,
  onChange,
  twoColumns = false,
}: {
  idPrefix: string;
  draft: EndpointDraft;
  problems: EndpointProblems;
  onChange: (draft: EndpointDraft) => void;
  /** The event types side by side from `sm` up (not in a dialog, which is narrow). */
  twoColumns?: boolean;
}) {
  const eventsErrorId = `${idPrefix}-events-error`;
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange({
      ...draft,
      // In the documentation's order, whatever order they were ticked in.
      eventTypes: WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? on : draft.eventTypes.includes(each))),
    });

  return (
    <div className="space-y-4">
      <TextField
        id={`${idPrefix}-url`}
        label="URL"
        hint="Where the events are POSTed: an https address on the public internet."
        error={problems.url}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/vtu"
        maxLength={2048}
        value={draft.url}
        onChange={(event) => onChange({ ...draft, url: event.target.value })}
      />
      <TextField
        id={`${idPrefix}-description`}
        label={
          <>
            Description <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        hint="What receives them, e.g. “Order system”."
        error={problems.description}
        name="description"
        autoComplete="off"
        maxLength={200}
        value={draft.description}
        onChange={(event) => onChange({ ...draft, description: event.target.value })}
      />
      <fieldset aria-describedby={problems.eventTypes ? eventsErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <ul className={`mt-2 grid gap-2 ${twoColumns ? "sm:grid-cols-2" : ""}`}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <EventCheckbox
                id={`${idPrefix}-event-${type}`}
                checked={draft.eventTypes.includes(type)}
                onChange={(on) => toggle(type, on)}
                invalid={!!problems.eventTypes}
              >
                <code className="font-mono text-xs font-semibold text-slate-900">{type}</code>
                <span className="block text-slate-600">{EVENT_DESCRIPTIONS[type]}</span>
              </EventCheckbox>
            </li>
          ))}
        </ul>
        {problems.eventTypes && <FieldError id={eventsErrorId}>{problems.eventTypes}</FieldError>}
      </fieldset>
    </div>
  );
}

function EventCheckbox({
  id,
  checked,
  invalid,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  invalid: boolean;
  onChange: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className="flex h-full cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50"
    >
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-emerald-700"
      />
      <span className="min-w-0">{children}</span>
    </label>
  );
}
