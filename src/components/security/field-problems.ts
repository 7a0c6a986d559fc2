/** The service's per-field problems of a failed mutation, for a form's fields (describe-error.ts reads them). */
import { fieldErrorsOf } from "~/components/describe-error";

export function problemsFor<Field extends string>(error: unknown, labels: Record<Field, string>): Partial<Record<Field, string>> {
  const byField = fieldErrorsOf(error);
  const problems: Partial<Record<Field, string>> = {};
  for (const field of Object.keys(labels) as Field[]) if (byField[field]) problems[field] = `${labels[field]} ${byField[field]}.`;
  return problems;
}
