/**
 * Validates a service's input with its shared zod schema. A failure becomes the one validation
 * error every transport understands: "validation.failed" with one problem per offending field,
 * named by its path (`generalErrors` when the input as a whole is wrong).
 */
import type { z } from "zod";
import { AppError } from "~/server/errors";
import type { FieldProblem } from "~/server/errors";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw invalidInputFromZod(parsed.error);
}

/** The same error for input a transport's own schema refused (a tRPC procedure's `.input()`). */
export function invalidInputFromZod(error: z.ZodError): AppError {
  // One entry per field (DESIGN.md §3.4): a value can break several rules at once, and the first one
  // zod reports is the one to fix first ("must be a string" before "must not be empty").
  const problems = new Map<string, FieldProblem>();
  for (const issue of error.issues) {
    const name = issue.path.length > 0 ? issue.path.map(String).join(".") : "generalErrors";
    if (!problems.has(name)) problems.set(name, { name, reason: issue.message });
  }
  return invalidInput([...problems.values()]);
}

export function invalidInput(problems: FieldProblem[]): AppError {
  const message = problems.map((problem) => `${problem.name}: ${problem.reason}`).join("; ");
  return new AppError("validation.failed", message, problems);
}
