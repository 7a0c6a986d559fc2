/**
 * Form fields: a label, the control, a hint and the field's error, tied together for screen readers
 * (the label names the control; the hint and the error describe it; an invalid control says so).
 * `Field` takes any control through a render prop (a select, an input with its own wiring);
 * `TextField` is the common case of a plain <input>. After a submit, focus moves to the first field in
 * error (focus-first-problem.ts), in every form built of these fields.
 */
import type { InputHTMLAttributes, ReactNode } from "react";
import { classNames } from "./class-names";
import { useFocusFirstProblem } from "./focus-first-problem";

/** 16px text on a phone (smaller text makes iOS zoom in on focus), 14px from `sm` up; red when aria-invalid. */
export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm sm:text-sm " +
  "focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 " +
  "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-600/30 disabled:bg-slate-100 disabled:text-slate-500";

export const labelClass = "block text-sm font-medium text-slate-700";

/** What a field's text reads as: its value, or the problem to show next to the field. */
export type FieldReading<Value> = { value: Value; problem?: undefined } | { value?: undefined; problem: string };

/** What `Field` hands its control. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

/** A field's problem, next to it; `id` is what the control's aria-describedby names. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

export function Field({ id, label, hint, error, children }: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const wrapper = useFocusFirstProblem(error);
  return (
    <div ref={wrapper}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, className: inputClass })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-invalid" | "aria-describedby">;

/** `className` adds to the input's own classes (`font-mono`, say). */
export function TextField({ id, label, hint, error, className, ...inputProps }: FieldProps & InputProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => <input {...inputProps} {...control} className={classNames(control.className, className)} />}
    </Field>
  );
}
