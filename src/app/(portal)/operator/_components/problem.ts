/**
 * Turns a failed tRPC call into what a form shows: one sentence in plain words, and a message per
 * field. The server sends an AppError's name in `data.appCode` and its per-field problems in
 * `data.fieldErrors`; input refused by a procedure's zod schema arrives as `data.zodError` instead.
 */
import { TRPCClientError } from "@trpc/client";
import { SERVER_NOT_REACHED } from "~/components/describe-error";

export interface Problem {
  appCode: string | null;
  message: string;
  /** Field name → what is wrong with it, starting with a capital ("Must be …"). */
  fieldErrors: Record<string, string>;
}

interface ErrorData {
  appCode?: string | null;
  fieldErrors?: { name: string; reason: string }[] | null;
  zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null;
}

const FIX_FIELDS = "Please correct the highlighted field.";

function sentence(text: string): string {
  const trimmed = text.trim();
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/**
 * `plainWords` replaces the server's message for the named AppErrors, where the form can say more
 * precisely what happened and what to do.
 */
export function readProblem(error: unknown, plainWords: Record<string, string> = {}): Problem {
  if (!(error instanceof TRPCClientError)) return { appCode: null, message: SERVER_NOT_REACHED, fieldErrors: {} };
  const data = (error.data ?? {}) as ErrorData;
  const appCode = data.appCode ?? null;

  const fieldErrors: Record<string, string> = {};
  for (const problem of data.fieldErrors ?? []) fieldErrors[problem.name] ??= sentence(problem.reason);
  for (const [name, reasons] of Object.entries(data.zodError?.fieldErrors ?? {})) {
    if (reasons?.[0]) fieldErrors[name] ??= sentence(reasons[0]);
  }

  const planned = appCode ? plainWords[appCode] : undefined;
  const message = planned ?? (Object.keys(fieldErrors).length > 0 ? FIX_FIELDS : error.data ? sentence(error.message) : SERVER_NOT_REACHED);
  return { appCode, message, fieldErrors };
}

/**
 * What a form's own alert says: nothing when every problem is already shown (as an alert) next to its
 * field, otherwise the message, naming any field the form does not show.
 */
export function formAlert(problem: Problem | null, shownFields: readonly string[]): string | null {
  if (!problem) return null;
  const names = Object.keys(problem.fieldErrors);
  const unshown = names.filter((name) => !shownFields.includes(name));
  if (names.length > 0 && unshown.length === 0) return null;
  if (unshown.length > 0) return unshown.map((name) => `${name}: ${problem.fieldErrors[name]}`).join(" ");
  return problem.message;
}

/**
 * The props that tie a form's input to its problem: the input's id (the form's prefix and the field's
 * name, unless given), the name the server knows it by, and the message shown under it.
 */
export function fieldsOf(problem: Problem | null, idPrefix: string) {
  return (name: string, id = `${idPrefix}-${name}`) => ({ id, name, error: problem?.fieldErrors[name] });
}
