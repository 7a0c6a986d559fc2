"use client";
/**
 * One form, in a dialog, for creating and editing networks, plans and bill products: each kind is a
 * list of field specs, so the reading of naira, whole numbers and optional fields is written once.
 * The server validates the whole record again (the same zod schema) and its per-field problems are
 * shown beside the fields; anything it names that the form does not show goes in the form's alert.
 */
import { useState, type FormEvent } from "react";
import { readNaira } from "~/components/money";
import { NairaField } from "~/components/naira-field";
import { DialogFooter, Modal } from "~/components/ui/dialogs";
import { Field, TextField } from "~/components/ui/fields";
import { ErrorAlert } from "~/components/ui/notices";
import { formAlert, type Problem } from "./problem";

export type FormValue = string | boolean | null;
export type FormValues = Record<string, FormValue>;

export interface FormFieldSpec {
  name: string;
  label: string;
  /** naira: typed in naira, sent as a string of kobo. whole: a whole number, sent as typed. */
  kind: "text" | "naira" | "whole" | "select" | "checkbox";
  hint?: string;
  /** Empty means "none" (null) rather than a missing value. */
  optional?: boolean;
  options?: readonly { value: string; label: string }[];
  /** Fixed once created (an id, a bill product's service): shown but not editable when editing. */
  createOnly?: boolean;
  /** Shown only when the form's selects have these values (a bill product's amount type). */
  showIf?: (selects: Record<string, string>) => boolean;
  mono?: boolean;
}

function readValues(specs: readonly FormFieldSpec[], form: FormData): { values: FormValues; errors: Record<string, string> } {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const spec of specs) {
    if (spec.kind === "checkbox") {
      values[spec.name] = form.get(spec.name) === "on";
      continue;
    }
    const text = String(form.get(spec.name) ?? "").trim();
    if (text === "" && spec.optional) {
      values[spec.name] = null;
    } else if (spec.kind === "naira") {
      const { value: kobo, problem } = readNaira(text, { min: 0n, example: "1500 or 1,500.50" });
      if (kobo === undefined) errors[spec.name] = problem;
      else values[spec.name] = String(kobo);
    } else {
      values[spec.name] = text;
    }
  }
  return { values, errors };
}

export function CatalogFormDialog({
  title,
  formLabel,
  fields,
  initial,
  editing,
  submitLabel,
  pendingLabel,
  pending,
  problem,
  onSubmit,
  onCancel,
}: {
  title: string;
  formLabel: string;
  fields: readonly FormFieldSpec[];
  /** Field values as the inputs show them (naira as "1500.00"). */
  initial: Record<string, string | boolean>;
  editing: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  problem: Problem | null;
  onSubmit: (values: FormValues) => void;
  onCancel: () => void;
}) {
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [selects, setSelects] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.filter((spec) => spec.kind === "select").map((spec) => [spec.name, String(initial[spec.name] ?? "")])),
  );
  const shown = fields.filter((spec) => !spec.showIf || spec.showIf(selects));
  const sent = shown.filter((spec) => !(editing && spec.createOnly));
  const errors = { ...problem?.fieldErrors, ...localErrors };
  const alert =
    Object.keys(localErrors).length > 0
      ? null
      : formAlert(
          problem,
          shown.map((spec) => spec.name),
        );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { values, errors: found } = readValues(sent, new FormData(event.currentTarget));
    setLocalErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  }

  return (
    <Modal title={title} onDismiss={pending ? null : onCancel}>
      <form onSubmit={submit} noValidate aria-label={formLabel} className="space-y-4">
        {alert && <ErrorAlert>{alert}</ErrorAlert>}
        {shown.map((spec) => (
          <FormField
            key={spec.name}
            spec={spec}
            initial={initial[spec.name]}
            locked={editing && spec.createOnly === true}
            error={errors[spec.name]}
            onSelect={(value) => setSelects((current) => ({ ...current, [spec.name]: value }))}
          />
        ))}
        <DialogFooter pending={pending} onCancel={onCancel} actionLabel={submitLabel} pendingLabel={pendingLabel} />
      </form>
    </Modal>
  );
}

function FormField({
  spec,
  initial,
  locked,
  error,
  onSelect,
}: {
  spec: FormFieldSpec;
  initial: string | boolean | undefined;
  locked: boolean;
  error: string | undefined;
  onSelect: (value: string) => void;
}) {
  const id = `catalog-field-${spec.name}`;
  const label = spec.optional ? `${spec.label} (optional)` : spec.label;
  if (spec.kind === "checkbox") {
    return (
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name={spec.name}
          defaultChecked={initial === true}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-emerald-700"
        />
        <span>
          <span className="font-medium">{spec.label}</span>
          {spec.hint && <span className="block text-slate-500">{spec.hint}</span>}
        </span>
      </label>
    );
  }
  if (spec.kind === "select") {
    return (
      <Field id={id} label={label} hint={spec.hint} error={error}>
        {(control) => (
          <select
            {...control}
            name={spec.name}
            defaultValue={String(initial ?? "")}
            disabled={locked}
            onChange={(event) => onSelect(event.target.value)}
          >
            {(spec.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  const common = { id, hint: spec.hint, error, name: spec.name, defaultValue: String(initial ?? ""), readOnly: locked };
  if (spec.kind === "naira") return <NairaField {...common} label={label} />;
  return (
    <TextField
      {...common}
      label={label}
      inputMode={spec.kind === "whole" ? "numeric" : undefined}
      autoComplete="off"
      className={spec.mono ? "font-mono" : undefined}
    />
  );
}
